#!/usr/bin/env bash
# The theme gallery: page 1 of resume.yaml in every built-in theme, in
# English and Chinese, as docs/images/themes/THEME-LANG.png (60 dpi), drawn
# by cvpdf itself (-o 'NAME-{page}.png'); the README's two pictures; the
# user guide's crops of page tops (cvpdf draws whole pages: pdftoppm cuts
# those out of the PDF).
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
if [[ -z ${GALLERY_DIR:-} ]]; then
  command -v pdftoppm >/dev/null || fail "pdftoppm is missing (Debian: apt-get install poppler-utils)"
fi

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
    png="$out/$theme-$lang.png"
    # Every page is drawn; page 1 is kept, as THEME-LANG.png.
    if ! "$cvpdf" "$resume" --theme "$theme" --lang "$lang" --dpi 60 -o "$work/$theme-$lang-{page}.png"; then
      fail "rendering theme '$theme' ($lang) failed; see cvpdf's message above"
    fi
    [[ -s $work/$theme-$lang-1.png ]] || fail "cvpdf wrote no page 1 for theme '$theme' ($lang)"
    mv -f "$work/$theme-$lang-1.png" "$png"
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

# The user guide's pictures of what a theme can say: the top of page 1 of
# examples/one-page.yaml (it has dates and contacts to arrange) in classic
# with one structure key changed. Only with the default directories.
if [[ -z ${GALLERY_DIR:-} ]]; then
  structure=docs/images/structure
  mkdir -p "$structure"
  shots=(
    "header-left|"
    "header-center|--set header.align=center"
    "header-split|--set header.align=split"
    "contact-grid|--set header.contact-style=grid"
    "contacts-icons|--set header.contact-icons=both"
    "heading-rule-below|"
    "heading-rule-beside|--set heading.style=rule-beside"
    "heading-bar|--set heading.style=bar"
    "heading-plain|--set heading.style=plain --set heading.small-caps=true"
    "entry-classic|"
    "entry-jake|--set entry.item-lines=[org | location, role tags | date]"
    "entry-dates-left|--set entry.dates=left"
    "sidebar-left|--set sidebar.side=left --set sidebar.sections=[Skills, Awards & Publications]"
  )
  for shot in "${shots[@]}"; do
    name=${shot%%|*}
    read -r -a args <<<"${shot#*|}"
    # --set values with spaces: the list above is split at spaces, so the
    # items of a --set list are joined back up to the next option.
    joined=() current=""
    for a in "${args[@]}"; do
      if [[ $a == --* ]]; then
        [[ -n $current ]] && joined+=("$current")
        joined+=("$a")
        current=""
      else
        current=${current:+$current }$a
      fi
    done
    [[ -n $current ]] && joined+=("$current")
    pdf="$work/$name.pdf"
    "$cvpdf" examples/one-page.yaml "${joined[@]}" -o "$pdf" || fail "rendering $name failed"
    rm -f "$structure/$name.png"
    # The top 40% of the page (heading shots: a band lower down).
    case $name in
      heading-*) y=150 ;;
      entry-*) y=105 ;;
      *) y=0 ;;
    esac
    pdftoppm -r 60 -png -f 1 -l 1 -singlefile -x 0 -y "$y" -W 497 -H 230 "$pdf" "$structure/$name" ||
      fail "pdftoppm could not rasterize $pdf"
    echo "wrote $structure/$name.png"
  done
fi
