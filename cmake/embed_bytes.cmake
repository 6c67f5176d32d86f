# Turns a data file into a C++ function that returns its bytes, so the binary
# needs no installed copy of it at run time. Called as:
#   cmake -DIN=file -DOUT=file.cpp -DHEADER=module/name.hpp -DFUNCTION=ns::name -P embed_bytes.cmake
# HEADER declares `std::string_view name();` in namespace ns.
string(REGEX MATCH "^(.*)::([^:]+)$" qualified "${FUNCTION}")
if(NOT qualified)
  message(FATAL_ERROR "FUNCTION=${FUNCTION}: expected namespace::name")
endif()
set(namespace "${CMAKE_MATCH_1}")
set(name "${CMAKE_MATCH_2}")
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR size "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," hex "${hex}")
set(body "// Generated from ${IN} by cmake/embed_bytes.cmake. Do not edit.\n")
string(APPEND body "#include \"${HEADER}\"\n\nnamespace ${namespace} {\n\n")
string(APPEND body "static const unsigned char kBytes[] = {${hex}};\n\n")
string(APPEND body "std::string_view ${name}() {\n  return {reinterpret_cast<const char*>(kBytes), ${size}};\n}\n\n}  // namespace ${namespace}\n")
file(WRITE "${OUT}.tmp" "${body}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
