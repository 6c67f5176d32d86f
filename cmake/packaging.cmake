# What `cmake --install` puts where, and the Debian package cpack makes of
# it (`cpack -G DEB` in the build directory: cvpdf_<version>_amd64.deb).
# The installed binary finds its fonts at <bindir>/../share/cvpdf/fonts
# (text/font_book.cpp), so the same tree works under /usr, /usr/local,
# ~/.local or unpacked anywhere with `dpkg-deb -x`. The Debian files the
# package carries besides (copyright, changelog) are in
# packaging/; tests/packaging/deb_test.sh lints and installs the package.

# Generated at build time from the binary itself: the shell completions
# (from the option table, `cvpdf completions SHELL`) and the manual page
# gzipped as Debian wants it (-n: no name or time stamp, so the same bytes).
find_program(CVPDF_GZIP gzip REQUIRED)
set(CVPDF_GENERATED_DIR "${CMAKE_CURRENT_BINARY_DIR}/share")
set(CVPDF_MAN_GZ "${CVPDF_GENERATED_DIR}/cvpdf.1.gz")
set(CVPDF_RUN_TO_FILE "${CMAKE_CURRENT_SOURCE_DIR}/cmake/run_to_file.cmake")
function(cvpdf_gzip source out)
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${CVPDF_GENERATED_DIR}/doc"
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} "-DCMD=${CVPDF_GZIP}|-9n|-c|${source}" -P "${CVPDF_RUN_TO_FILE}"
    DEPENDS "${source}" "${CVPDF_RUN_TO_FILE}"
    COMMENT "Compressing ${source}"
    VERBATIM)
endfunction()
cvpdf_gzip("${CMAKE_CURRENT_SOURCE_DIR}/docs/cvpdf.1" "${CVPDF_MAN_GZ}")
# The changelog of a native package (its version has no Debian revision) is
# changelog.gz; its entry's date is written in packaging/changelog, so the
# package's bytes do not depend on when it was built.
set(CVPDF_DOC_GZ "${CVPDF_GENERATED_DIR}/doc/changelog.gz")
cvpdf_gzip("${CMAKE_CURRENT_SOURCE_DIR}/packaging/changelog" "${CVPDF_DOC_GZ}")
file(STRINGS "${CMAKE_CURRENT_SOURCE_DIR}/packaging/changelog" CVPDF_CHANGELOG_TOP LIMIT_COUNT 1)
if(NOT CVPDF_CHANGELOG_TOP MATCHES "^cvpdf \\(${PROJECT_VERSION}\\) ")
  message(FATAL_ERROR "packaging/changelog's first entry is not for ${PROJECT_VERSION}: ${CVPDF_CHANGELOG_TOP}")
endif()
# The documents the manual page names (SEE ALSO), compressed as Debian
# wants every document above 4 kB; their pictures stay in the source
# tree (1.9 MB), so the guide's images are links that do not resolve.
foreach(doc user-guide themes rendercv json-resume)
  cvpdf_gzip("${CMAKE_CURRENT_SOURCE_DIR}/docs/${doc}.md" "${CVPDF_GENERATED_DIR}/doc/${doc}.md.gz")
  list(APPEND CVPDF_DOC_GZ "${CVPDF_GENERATED_DIR}/doc/${doc}.md.gz")
endforeach()
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
add_custom_target(cvpdf_share ALL DEPENDS "${CVPDF_MAN_GZ}" ${CVPDF_DOC_GZ} ${CVPDF_COMPLETION_FILES})

install(TARGETS cvpdf RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES "${CVPDF_MAN_GZ}" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CVPDF_DOC_GZ} packaging/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The bundled fonts. Debian ships the very same files (fonts-lato 2.015,
# fonts-fork-awesome 1.2.0: byte for byte fonts/), and a package must not
# carry a second copy of a font another package holds: where they are
# installed, the install makes links to them (relative, as Debian wants a
# link inside /usr) and the package depends on them; elsewhere it copies
# fonts/. The names under share/cvpdf/fonts stay fonts/' names, which the
# themes' font files name.
set(CVPDF_LATO_DIR /usr/share/fonts/truetype/lato)
set(CVPDF_FORK_AWESOME /usr/share/fonts/truetype/fork-awesome/forkawesome-webfont.ttf)
set(CVPDF_LATO_FACES Lato-Regular Lato-Bold Lato-Italic Lato-BoldItalic)
set(CVPDF_SYSTEM_FONTS_DEFAULT ON)
foreach(face ${CVPDF_LATO_FACES})
  if(NOT EXISTS "${CVPDF_LATO_DIR}/${face}.ttf")
    set(CVPDF_SYSTEM_FONTS_DEFAULT OFF)
  endif()
endforeach()
if(NOT EXISTS "${CVPDF_FORK_AWESOME}")
  set(CVPDF_SYSTEM_FONTS_DEFAULT OFF)
endif()
option(CVPDF_SYSTEM_FONTS "Install links to Debian's fonts-lato and fonts-fork-awesome instead of copies of fonts/"
       ${CVPDF_SYSTEM_FONTS_DEFAULT})
set(CVPDF_FONT_DIR "${CMAKE_INSTALL_DATADIR}/cvpdf/fonts")
if(CVPDF_SYSTEM_FONTS)
  set(links)
  foreach(face ${CVPDF_LATO_FACES})
    list(APPEND links "${face}.ttf=${CVPDF_LATO_DIR}/${face}.ttf")
  endforeach()
  list(APPEND links "ForkAwesome-Regular.ttf=${CVPDF_FORK_AWESOME}")
  # At install time: the prefix is cpack's /usr or the one --prefix gives.
  install(CODE "
    set(dir \"\${CMAKE_INSTALL_PREFIX}/${CVPDF_FONT_DIR}\")
    file(MAKE_DIRECTORY \"\$ENV{DESTDIR}\${dir}\")
    foreach(link ${links})
      string(REPLACE \"=\" \";\" link \"\${link}\")
      list(GET link 0 name)
      list(GET link 1 target)
      file(RELATIVE_PATH relative \"\${dir}\" \"\${target}\")
      message(STATUS \"Linking: \$ENV{DESTDIR}\${dir}/\${name} -> \${relative}\")
      file(CREATE_LINK \"\${relative}\" \"\$ENV{DESTDIR}\${dir}/\${name}\" SYMBOLIC)
    endforeach()")
  set(CVPDF_FONT_DEPENDS ", fonts-lato, fonts-fork-awesome")
else()
  install(FILES fonts/Lato-Regular.ttf fonts/Lato-Bold.ttf fonts/Lato-Italic.ttf
                fonts/Lato-BoldItalic.ttf fonts/OFL-Lato.txt
                fonts/ForkAwesome-Regular.ttf fonts/OFL-ForkAwesome.txt
          DESTINATION ${CVPDF_FONT_DIR})
  set(CVPDF_FONT_DEPENDS "")
endif()
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
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "fonts-noto-cjk, fonts-sil-charis, fonts-open-sans, fonts-texgyre, fonts-dejavu-core, fontconfig${CVPDF_FONT_DEPENDS}")
# bash-completion is what loads /usr/share/bash-completion/completions/cvpdf
# at all: without it the completions are inert, so it is Recommended (found
# with cvpdf in all but unusual installations, Policy 7.2), not Depended on
# (cvpdf works without it, and zsh and fish users need none of it).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-symbola, fonts-noto-color-emoji, bash-completion")
# The same bytes from every cpack run: the members' times are the
# changelog entry's date (SOURCE_DATE_EPOCH, which cpack's DEB generator
# reads; one set by the caller wins), set by packaging/cpack_options.cmake
# when cpack starts.
find_program(CVPDF_PARSECHANGELOG dpkg-parsechangelog)
if(CVPDF_PARSECHANGELOG)
  execute_process(COMMAND ${CVPDF_PARSECHANGELOG} -l "${CMAKE_CURRENT_SOURCE_DIR}/packaging/changelog" -S Timestamp
                  OUTPUT_VARIABLE CPACK_CVPDF_EPOCH OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  set(CPACK_PROJECT_CONFIG_FILE "${CMAKE_CURRENT_SOURCE_DIR}/packaging/cpack_options.cmake")
endif()
include(CPack)
