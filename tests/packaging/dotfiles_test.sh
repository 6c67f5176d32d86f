#!/usr/bin/env bash
# examples/dotfiles/Makefile: with no cvpdf on PATH it runs the repository's
# build/cvpdf (relative to the Makefile, from any working directory); with
# one on PATH, that one; `make` makes a missing output directory. (That it
# rebuilds only when needed: tests/e2e/cli_outputs_test.cpp, Make.*)
# Usage: dotfiles_test.sh CVPDF SOURCE_DIR
set -euo pipefail
cvpdf=$1 source=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
dotfiles=$source/examples/dotfiles
mkdir "$tmp/bin"
ln -s "$(command -v make)" "$tmp/bin/make"

# $(or ...) is expanded where the value is printed: ask make to evaluate it.
which_cvpdf() { (cd "$tmp" && PATH=$1 make -s -C "$dotfiles" --eval='print-cvpdf: ; $(info $(CVPDF))' print-cvpdf); }
got=$(which_cvpdf "$tmp/bin")
[ "$got" = "$source/build/cvpdf" ] || fail "without cvpdf on PATH: '$got', wanted $source/build/cvpdf"
# Copied away from the repository, with no cvpdf anywhere: a message that
# names CVPDF=, not the shell's exit status 127.
mkdir "$tmp/copy"
ln -s "$(command -v mkdir)" "$tmp/bin/mkdir"  # the output directory's rule
cp "$dotfiles/Makefile" "$dotfiles/resume.yaml" "$tmp/copy/"
status=0
(cd "$tmp/copy" && PATH=$tmp/bin make -s OUT="$tmp/copy/out" >/dev/null 2>"$tmp/copy/err") || status=$?
[ "$status" -ne 0 ] || fail "make without cvpdf succeeded"
grep -q 'make CVPDF=/path/to/cvpdf' "$tmp/copy/err" || fail "make without cvpdf: no CVPDF= advice in: $(cat "$tmp/copy/err")"
grep -q 'command not found\|No such file' "$tmp/copy/err" && fail "make without cvpdf: the shell's error: $(cat "$tmp/copy/err")"

ln -s "$cvpdf" "$tmp/bin/cvpdf"
got=$(which_cvpdf "$tmp/bin")
[ "$got" = "$tmp/bin/cvpdf" ] || fail "with cvpdf on PATH: '$got', wanted $tmp/bin/cvpdf"

out=$tmp/out/nested
make -s -C "$dotfiles" CVPDF="$cvpdf -q" OUT="$out" >/dev/null || fail "make cv failed"
for f in cv-en.pdf cv-zh.pdf cv.d; do [ -s "$out/$f" ] || fail "make cv made no $out/$f"; done
echo ok
