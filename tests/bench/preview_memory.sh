#!/usr/bin/env bash
# Benchmark: the peak memory of PNG and SVG previews as the page count
# grows. Renders the publication CVs of tests/bench/make_academic_cv.py
# (150, 600 and 1200 publications) as PNG pages at DPI (default 600) and
# as SVG, and prints each run's pages and peak resident set (GNU time's
# %M). A run holds one page at a time, so the peak should stay flat as
# the pages grow (a page at 600 dpi is about 140 MB of pixels). Not run by
# ctest (a machine's memory is not the test's to judge); run it by hand.
#
#   tests/bench/preview_memory.sh [DPI]      (CVPDF=path/to/cvpdf)
set -euo pipefail
cd "$(dirname "$0")/../.."
dpi=${1:-600}
binary=${CVPDF:-build/cvpdf}
[ -x "$binary" ] || { echo "build first: bash scripts/build.sh (or set CVPDF=build-dir/cvpdf)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time, package time)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

printf '%-14s %6s %6s %14s\n' publications format pages "peak RSS (MB)"
for count in 150 600 1200; do
  python3 tests/bench/make_academic_cv.py "$count" > "$out/cv-$count.yaml"
  for format in png svg; do
    rm -f "$out"/page-*
    args=(-o "$out/page-{page}.$format")
    [ "$format" = png ] && args+=(--dpi "$dpi")
    /usr/bin/time -f '%M' -o "$out/rss" "$binary" -q "$out/cv-$count.yaml" "${args[@]}"
    pages=$(find "$out" -name "page-*.$format" | wc -l)
    printf '%-14s %6s %6s %14d\n' "$count" "$format" "$pages" $(( $(cat "$out/rss") / 1024 ))
  done
done
