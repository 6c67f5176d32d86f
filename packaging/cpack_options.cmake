# Read by cpack when it starts (CPACK_PROJECT_CONFIG_FILE, cmake/packaging.cmake):
# the package's file times are the changelog entry's date unless the caller
# set SOURCE_DATE_EPOCH, so two runs over the same build give the same bytes.
if(NOT DEFINED ENV{SOURCE_DATE_EPOCH} AND CPACK_CVPDF_EPOCH)
  set(ENV{SOURCE_DATE_EPOCH} "${CPACK_CVPDF_EPOCH}")
endif()
