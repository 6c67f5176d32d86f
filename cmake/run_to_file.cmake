# cmake -DOUT=FILE "-DCMD=prog|arg|..." -P run_to_file.cmake
# Runs CMD with its standard output in FILE (a build step's redirection,
# which add_custom_command cannot spell portably). The arguments travel
# joined by '|', as in embed_layouts.cmake. A failing CMD fails the build
# and leaves no FILE behind.
string(REPLACE "|" ";" command "${CMD}")
execute_process(COMMAND ${command} OUTPUT_FILE "${OUT}.part" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE "${OUT}.part")
  message(FATAL_ERROR "${command}: ${status}")
endif()
file(RENAME "${OUT}.part" "${OUT}")
