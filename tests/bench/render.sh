#!/usr/bin/env bash
# Benchmark: wall time and peak memory of rendering a résumé, the median of
# N runs: wall time from the clock, peak memory from GNU time (-v). Not run by ctest: CI
# machines are shared and noisy; run it by hand on a quiet machine.
#
#   tests/bench/render.sh [RESUME] [RUNS]      (default: resume.yaml, 5)
set -euo pipefail
cd "$(dirname "$0")/../.."
input=${1:-resume.yaml}
runs=${2:-5}
binary=${CVPDF:-build/cvpdf}
[ -x "$binary" ] || { echo "build first: bash scripts/build.sh" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

languages=$(sed -n 's/^languages: *\[\(.*\)\].*/\1/p' "$input" | tr -d ' ' | tr ',' ' ')
[ -n "$languages" ] || languages=en

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

printf '%-6s %12s %14s %10s %6s\n' lang "wall (ms)" "peak RSS (MB)" "size (KB)" pages
for lang in $languages; do
  : > "$out/wall"; : > "$out/rss"
  for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    /usr/bin/time -v "$binary" "$input" --lang "$lang" -o "$out/cv.pdf" 2> "$out/time.txt"
    echo $(( ($(date +%s%N) - start) / 1000000 )) >> "$out/wall"
    awk -F': ' '/Maximum resident set size/ {print $2/1024}' "$out/time.txt" >> "$out/rss"
  done
  size=$(( $(stat -c %s "$out/cv.pdf") / 1024 ))
  pages=$(pdfinfo "$out/cv.pdf" | awk '/^Pages:/ {print $2}')
  printf '%-6s %12s %14.1f %10s %6s\n' "$lang" "$(median < "$out/wall")" "$(median < "$out/rss")" "$size" "$pages"
done
