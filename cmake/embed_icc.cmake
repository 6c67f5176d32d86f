# Turns the sRGB ICC profile into a C++ array so that cvpdf --pdfa reads no
# data file at run time. Called as: cmake -DIN=sRGB.icc -DOUT=file.cpp -P embed_icc.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR size "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," hex "${hex}")
set(body "// Generated from ${IN} by cmake/embed_icc.cmake. Do not edit.\n")
string(APPEND body "#include \"pdf/icc_profile.hpp\"\n\nnamespace cvpdf::pdf {\n\n")
string(APPEND body "static const unsigned char kProfile[] = {${hex}};\n\n")
string(APPEND body "std::string_view srgb_icc_profile() {\n  return {reinterpret_cast<const char*>(kProfile), ${size}};\n}\n\n}  // namespace cvpdf::pdf\n")
file(WRITE "${OUT}.tmp" "${body}")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
