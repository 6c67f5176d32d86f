#!/usr/bin/env bash
# The theme gallery: page 1 of resume.yaml in every built-in theme, in
# English and Chinese, as docs/images/themes/THEME-LANG.png (60 dpi).
#
#   bash scripts/gallery.sh                 every theme `cvpdf themes` lists
#   bash scripts/gallery.sh classic sidebar only these
#
# It asks the binary for the themes, so a new layout/NAME.yaml shows up once
# it is built in. It does not build: build first (scripts/build.sh).
# Environment: CVPDF (the binary; default build/cvpdf) and GALLERY_DIR
# (where the PNGs go; default docs/images/themes), relative paths taken from
# the repository's root. Any failed render stops the run with exit status 1
# and cvpdf's own message; warnings are shown and pass.
set -euo pipefail
cd "$(dirname "$0")/.."

cvpdf=${CVPDF:-build/cvpdf}
out=${GALLERY_DIR:-docs/images/themes}
resume=resume.yaml
# Fixed, so a PDF made on the way is the same on every run and machine.
export SOURCE_DATE_EPOCH=1700000000

fail() {
  echo "gallery: $*" >&2
  exit 1
}

[[ -x $cvpdf ]] || fail "no cvpdf binary at $cvpdf (build it first: bash scripts/build.sh, or set CVPDF)"
command -v pdftoppm >/dev/null || fail "pdftoppm is missing (Debian: apt-get install poppler-utils)"

if (($# > 0)); then
  themes=("$@")
else
  listing=$("$cvpdf" themes) || fail "'$cvpdf themes' failed"
  # Each line is the name, then its description.
  mapfile -t themes < <(printf '%s\n' "$listing" | cut -d' ' -f1)
fi
((${#themes[@]} > 0)) || fail "no themes to render"

mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for theme in "${themes[@]}"; do
  for lang in en zh; do
    pdf="$work/$theme-$lang.pdf"
    png="$out/$theme-$lang.png"
    if ! "$cvpdf" "$resume" --theme "$theme" --lang "$lang" -o "$pdf"; then
      fail "rendering theme '$theme' ($lang) failed; see cvpdf's message above"
    fi
    rm -f "$png"
    # -singlefile: THEME-LANG.png, not THEME-LANG-1.png.
    pdftoppm -r 60 -png -f 1 -l 1 -singlefile "$pdf" "${png%.png}" ||
      fail "pdftoppm could not rasterize $pdf (theme '$theme', $lang)"
    [[ -s $png ]] || fail "pdftoppm wrote no $png"
    echo "wrote $png"
  done
done

# The README's two pictures are the default theme's page 1, made here too so
# they never show an older classic.
if [[ -z ${GALLERY_DIR:-} && -s $out/classic-en.png && -s $out/classic-zh.png ]]; then
  cp "$out/classic-en.png" docs/images/cv-en-1.png
  cp "$out/classic-zh.png" docs/images/cv-zh-1.png
  echo "wrote docs/images/cv-en-1.png docs/images/cv-zh-1.png"
fi
