#!/usr/bin/env bash
# Installs every Debian 12 package cvpdf needs to build, run and test.
# Idempotent: packages already present are left as they are. Run as root.
set -euo pipefail

packages=(
  # build
  g++ cmake make pkg-config
  # libraries
  libharfbuzz-dev libfreetype-dev libfontconfig-dev
  libyaml-cpp-dev libicu-dev libhyphen-dev
  libjpeg62-turbo-dev libpng-dev
  liblcms2-dev  # a --pdfa photo's colours converted to sRGB (src/pdf/srgb_conversion.cpp)
  libcairo2-dev  # the PNG and SVG previews (src/raster)
  libfmt-dev  # numbers, messages and templates (CMakeLists.txt: CVPDF_FMT)
  libpodofo-dev  # PoDoFo 0.9.8: the PDF's objects and their writer (src/pdf)
  # data: hyphenation patterns, CJK faces (Sans and Serif, Regular and Bold)
  hyphen-en-us fonts-noto-cjk fonts-noto-cjk-extra fontconfig
  # Latin faces of the built-in themes: Charis SIL (engineering, zh),
  # Open Sans (moderncv), TeX Gyre Pagella (academic: Palatino's design,
  # with true italics and bold); Lato and Fork Awesome are in fonts/ too,
  # but the .deb links to Debian's very same files (cmake/packaging.cmake)
  fonts-sil-charis fonts-open-sans fonts-texgyre fonts-lato fonts-fork-awesome
  # the mono face of `code` in text (fonts.mono); DejaVu Sans also holds
  # many symbols (✓ ★ →) the system fallback finds
  fonts-dejavu-core
  # monochrome emoji and symbols for the system fallback (3 MB): the
  # emoji's text and glyph boxes in the PDF
  fonts-symbola
  # Devanagari and Thai faces for the system fallback (not fonts-noto-core,
  # whose Noto Sans would take over every character the themes' faces lack)
  fonts-lohit-deva fonts-tlwg-garuda-ttf
  # colour emoji (10 MB): their PNG pictures are drawn over Symbola's
  # invisible glyphs (src/text/colour_emoji.hpp); without it emoji are grey
  fonts-noto-color-emoji
  icc-profiles-free  # the sRGB ICC profile compiled into cvpdf for --pdfa
  # tests
  libgtest-dev libgmock-dev poppler-utils qpdf mupdf-tools
  procps  # pgrep: the --watch tests find cvpdf under `timeout`
  cmark  # a CommonMark parser: the Markdown export's blocks (tests/e2e/text_export_test.cpp)
  # Apache PDFBox's preflight and a JDK to run tests/e2e/PdfaValidate.java
  # (a single-file source program needs the compiler); preflight 2.0.27
  # needs the JavaBeans Activation and JAXB APIs, which Java 17 lacks
  libpdfbox2-java libactivation-java libjaxb-api-java default-jdk-headless
  # the .deb (cpack's dpkg-shlibdeps), its checker and the shells whose
  # completions are tried (tests/packaging)
  dpkg-dev lintian zsh fish
  # the JSON Schema test (tests/schema/validate.py)
  python3 python3-jsonschema python3-yaml
  # the PDF/UA-1 checker (tests/e2e/pdf_ua_check.py): a PDF reader that is
  # not cvpdf's own nor the C++ checker's qpdf
  python3-pikepdf
  # sanitizer suite and fuzzers (scripts/sanitize.sh, tests/fuzz/run.sh)
  clang-14 libclang-rt-14-dev llvm-14
  # work counted in instructions: the complexity tests (tests/support/work_count.hpp,
  # valgrind/callgrind.h) and the benchmarks (tests/bench/targets.py --instructions)
  valgrind
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
fi

# Node and npm, from Debian unless some are installed (NodeSource's nodejs
# carries its own npm, which Debian's would conflict with), for two tests:
# pdf.js, the third reader of the text-layer test
# (tests/e2e/three_readers_test.cpp), and the real yaml-language-server of
# the editor test (tests/editor). Each is pinned by its package-lock.json
# (Debian 12's Node is 18: pdfjs-dist is pinned to the last release that
# runs on it) and installed from the npm registry into its own node_modules
# (gitignored). Nothing is fetched at build or test time.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends nodejs npm
fi
readers="$(cd "$(dirname "${BASH_SOURCE[0]}")/../tests/readers" && pwd)"
pdfjs_wanted="$(sed -n 's/.*"pdfjs-dist": *"\([^"]*\)".*/\1/p' "$readers/package.json")"
pdfjs_have="$(node -p "require('$readers/node_modules/pdfjs-dist/package.json').version" 2>/dev/null || true)"
if [ "$pdfjs_have" != "$pdfjs_wanted" ]; then
  # Its optional canvas (for rendering, a native build) is not needed to read text.
  (cd "$readers" && npm ci --omit=optional --ignore-scripts --no-audit --no-fund)
fi
editor="$(cd "$(dirname "${BASH_SOURCE[0]}")/../tests/editor" && pwd)"
yls_wanted="$(sed -n 's/.*"yaml-language-server": *"\([^"]*\)".*/\1/p' "$editor/package.json")"
yls_have="$(node -p "require('$editor/node_modules/yaml-language-server/package.json').version" 2>/dev/null || true)"
if [ "$yls_have" != "$yls_wanted" ]; then
  (cd "$editor" && npm ci --no-audit --no-fund --loglevel=error)
fi
