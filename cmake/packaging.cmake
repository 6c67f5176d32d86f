# What `cmake --install` puts where, and the Debian package cpack makes of
# it (`cpack -G DEB` in the build directory: cvpdf_<version>_amd64.deb).
# The installed binary finds its fonts at <bindir>/../share/cvpdf/fonts
# (text/font_book.cpp), so the same tree works under /usr, /usr/local,
# ~/.local or unpacked anywhere with `dpkg-deb -x`.

# Generated at build time from the binary itself: the shell completions
# (from the option table, `cvpdf completions SHELL`) and the manual page
# gzipped as Debian wants it (-n: no name or time stamp, so the same bytes).
find_program(CVPDF_GZIP gzip REQUIRED)
set(CVPDF_GENERATED_DIR "${CMAKE_CURRENT_BINARY_DIR}/share")
set(CVPDF_MAN_GZ "${CVPDF_GENERATED_DIR}/cvpdf.1.gz")
set(CVPDF_RUN_TO_FILE "${CMAKE_CURRENT_SOURCE_DIR}/cmake/run_to_file.cmake")
add_custom_command(
  OUTPUT "${CVPDF_MAN_GZ}"
  COMMAND ${CMAKE_COMMAND} -E make_directory "${CVPDF_GENERATED_DIR}"
  COMMAND ${CMAKE_COMMAND} -DOUT=${CVPDF_MAN_GZ} "-DCMD=${CVPDF_GZIP}|-9n|-c|${CMAKE_CURRENT_SOURCE_DIR}/docs/cvpdf.1"
          -P "${CVPDF_RUN_TO_FILE}"
  DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/docs/cvpdf.1" "${CVPDF_RUN_TO_FILE}"
  COMMENT "Compressing the manual page"
  VERBATIM)
set(CVPDF_COMPLETION_FILES)
foreach(shell bash zsh fish)
  set(out "${CVPDF_GENERATED_DIR}/completions/cvpdf.${shell}")
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${CVPDF_GENERATED_DIR}/completions"
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} "-DCMD=$<TARGET_FILE:cvpdf>|completions|${shell}" -P "${CVPDF_RUN_TO_FILE}"
    DEPENDS cvpdf "${CVPDF_RUN_TO_FILE}"
    COMMENT "Generating the ${shell} completions"
    VERBATIM)
  list(APPEND CVPDF_COMPLETION_FILES "${out}")
endforeach()
add_custom_target(cvpdf_share ALL DEPENDS "${CVPDF_MAN_GZ}" ${CVPDF_COMPLETION_FILES})

install(TARGETS cvpdf RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES "${CVPDF_MAN_GZ}" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES fonts/Lato-Regular.ttf fonts/Lato-Bold.ttf fonts/Lato-Italic.ttf
              fonts/Lato-BoldItalic.ttf fonts/OFL-Lato.txt
              fonts/ForkAwesome-Regular.ttf fonts/OFL-ForkAwesome.txt
        DESTINATION ${CMAKE_INSTALL_DATADIR}/cvpdf/fonts)
# Where each shell looks for completions shipped by a package.
install(FILES "${CVPDF_GENERATED_DIR}/completions/cvpdf.bash"
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME cvpdf)
install(FILES "${CVPDF_GENERATED_DIR}/completions/cvpdf.zsh"
        DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions RENAME _cvpdf)
install(FILES "${CVPDF_GENERATED_DIR}/completions/cvpdf.fish"
        DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
# The JSON Schemas, written next to the binary at build time (CMakeLists.txt),
# where the modeline of `cvpdf new`'s starter points.
install(FILES "${CVPDF_SCHEMA_DIR}/resume.schema.json" "${CVPDF_SCHEMA_DIR}/theme.schema.json"
        DESTINATION ${CMAKE_INSTALL_DATADIR}/cvpdf/schema)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME cvpdf)
set(CPACK_PACKAGE_VENDOR "cvpdf")
set(CPACK_PACKAGE_CONTACT "cvpdf maintainers <maintainers@users.noreply.a-seed-35690dd3.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "typeset a résumé (YAML, JSON Resume, RenderCV) into a PDF")
# One string (several would be joined by ';'): its lines are the control
# file's long description.
set(CPACK_PACKAGE_DESCRIPTION "cvpdf sets a résumé written in YAML (or a JSON Resume or RenderCV file) as a
tagged, accessible PDF: HarfBuzz shaping, Knuth-Plass line breaking, TeX-style
page breaking, English and Chinese (and more) from one file, themes as data.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION text)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The libraries come from dpkg-shlibdeps (dpkg-dev); the data the built-in
# themes read at run time is named here: the CJK faces (Sans and Serif), the
# Latin faces of engineering and zh (Charis SIL), academic (TeX Gyre
# Pagella) and moderncv (Open Sans), the mono face (en_US's
# hyphenation patterns are compiled in). Symbola only widens the symbol
# fallback, and Noto Color Emoji only colours its emoji: recommended.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-noto-cjk, fonts-sil-charis, fonts-open-sans, fonts-texgyre, fonts-dejavu-core, fontconfig")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-symbola, fonts-noto-color-emoji")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "bash-completion")
include(CPack)
