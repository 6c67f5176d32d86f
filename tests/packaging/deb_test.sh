#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` from the build directory makes
# cvpdf_<version>_amd64.deb; its control data names the libraries
# (dpkg-shlibdeps) and the fonts the themes need; it holds the
# binary, the manual page, the bundled fonts, the completions (and the
# schemas once `cvpdf schema` exists); and the binary unpacked from it
# anywhere runs and sets a résumé in the fonts it carries, not the source
# tree's.
# Usage: deb_test.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build=$1 source=$2 version=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/out" >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log" >&2; fail "cpack -G DEB failed"; }
deb=$tmp/out/cvpdf_${version}_amd64.deb
[ -f "$deb" ] || fail "no $deb (made: $(ls "$tmp/out"))"

info=$(dpkg-deb --info "$deb")
field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = cvpdf ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version)"
[ "$(field Architecture)" = amd64 ] || fail "Architecture: $(field Architecture)"
depends=$(field Depends)
has_dep() { [[ ", $depends," == *", $1 "* || ", $depends," == *", $1,"* ]]; }
# cairo and libhyphen, linked (dpkg-shlibdeps), and the themes' fonts.
for dep in libcairo2 libhyphen0 fonts-noto-cjk fonts-sil-charis fonts-texgyre fonts-open-sans fonts-dejavu-core; do
  has_dep "$dep" || fail "Depends lacks $dep: $depends"
done

contents=$(dpkg-deb --contents "$deb" | awk '{print $NF}')
expected=(
  ./usr/bin/cvpdf
  ./usr/share/man/man1/cvpdf.1.gz
  ./usr/share/cvpdf/fonts/Lato-Regular.ttf ./usr/share/cvpdf/fonts/Lato-Bold.ttf
  ./usr/share/cvpdf/fonts/Lato-Italic.ttf ./usr/share/cvpdf/fonts/Lato-BoldItalic.ttf
  ./usr/share/cvpdf/fonts/ForkAwesome-Regular.ttf
  ./usr/share/cvpdf/fonts/OFL-Lato.txt ./usr/share/cvpdf/fonts/OFL-ForkAwesome.txt
  ./usr/share/bash-completion/completions/cvpdf
  ./usr/share/zsh/vendor-completions/_cvpdf
  ./usr/share/fish/vendor_completions.d/cvpdf.fish
)
for f in "${expected[@]}"; do
  grep -qxF -- "$f" <<<"$contents" || fail "the package lacks $f"
done
if "$build/cvpdf" schema >/dev/null 2>&1; then
  grep -q '^\./usr/share/cvpdf/schema/.*\.json$' <<<"$contents" || fail "the package lacks the JSON schemas"
fi

root=$tmp/root
dpkg-deb -x "$deb" "$root"
# Every shared library the packaged binary needs comes from a package it
# depends on.
for so in $(objdump -p "$root/usr/bin/cvpdf" | awk '$1 == "NEEDED" {print $2}'); do
  path=$(ldconfig -p | awk -v so="$so" '$1 == so && !found {print $NF; found = 1}')
  [ -n "$path" ] || fail "the binary needs $so, which is not installed here"
  # awk reads all of dpkg's answer (head would close the pipe on it: a
  # SIGPIPE, and pipefail's failure); usrmerge: the path as dpkg knows it.
  package=$( (dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "$path" 2>/dev/null || true) |
    awk -F': ' 'NR == 1 {print $1}')
  [ -n "$package" ] || fail "no package holds $path ($so)"
  package=${package%%:*}  # libfoo:amd64 → libfoo
  has_dep "$package" || fail "the binary needs $so ($package), which Depends lacks: $depends"
done
gzip -t "$root/usr/share/man/man1/cvpdf.1.gz" || fail "the manual page is not gzip"
zcat "$root/usr/share/man/man1/cvpdf.1.gz" | cmp -s - "$source/docs/cvpdf.1" || fail "the manual page is not docs/cvpdf.1"
cmp -s "$root/usr/share/zsh/vendor-completions/_cvpdf" <("$root/usr/bin/cvpdf" completions zsh) ||
  fail "the zsh completions are not the binary's"
version_text=$("$root/usr/bin/cvpdf" --version)
grep -qx "cvpdf $version" <<<"$version_text" || fail "--version: $version_text"

# Rendered in a directory of its own, the fonts it used named by the depfile.
cp "$source/examples/minimal.yaml" "$tmp/minimal.yaml"
(cd "$tmp" && "$root/usr/bin/cvpdf" -q minimal.yaml -o minimal.pdf -M minimal.d) || fail "the unpacked cvpdf cannot render"
head -c 5 "$tmp/minimal.pdf" | grep -q '%PDF-' || fail "minimal.pdf is not a PDF"
grep -qF "$root/usr/share/cvpdf/fonts/Lato-Regular.ttf" "$tmp/minimal.d" ||
  fail "the unpacked cvpdf did not use its own fonts: $(cat "$tmp/minimal.d")"
if grep -qF "$source/fonts/" "$tmp/minimal.d"; then fail "the unpacked cvpdf read the source tree's fonts"; fi
echo "ok: $(basename "$deb"), $(wc -l <<<"$contents") entries"
