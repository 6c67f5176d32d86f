#!/usr/bin/env bash
# The Debian package: `cpack -G DEB` from the build directory makes
# cvpdf_<version>_amd64.deb, the same bytes each time; lintian finds no
# error and no warning in it (none is overridden); its control data names
# the libraries (dpkg-shlibdeps) and the fonts the themes need; it holds
# the binary, the manual page and the documents it names, the copyright and
# changelog, links to Debian's Lato and Fork Awesome (not copies), the
# completions and the schemas; and installed, `cvpdf new` and
# `cvpdf resume.yaml` in an empty directory make a PDF set in Debian's
# fonts-lato.
#
# Installed by dpkg itself, into a throwaway root with an admin directory
# of its own (--instdir, --admindir) that starts as a copy of this
# machine's package status: dpkg checks every Depends against the Debian 12
# packages installed here and unpacks the links and files as it would on a
# user's machine, while the machine's own dpkg database and /usr are never
# written (no root needed: --force-not-root). The root's /usr/share/fonts
# is the machine's, standing for the font packages installed beside cvpdf.
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
# Its files dated by the changelog (packaging/cpack_options.cmake), not the clock.
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/again" >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log" >&2; fail "cpack -G DEB failed the second time"; }
cmp -s "$deb" "$tmp/again/$(basename "$deb")" || fail "two cpack runs made different packages"

# As a user would run it; -I shows the information tags too (they do not fail).
lintian -I --fail-on error,warning "$deb" >"$tmp/lintian.log" 2>&1 ||
  { cat "$tmp/lintian.log" >&2; fail "lintian reports errors or warnings"; }
if grep -q '^[EW]: ' "$tmp/lintian.log"; then cat "$tmp/lintian.log" >&2; fail "lintian reports errors or warnings"; fi

field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = cvpdf ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version)"
[ "$(field Architecture)" = amd64 ] || fail "Architecture: $(field Architecture)"
depends=$(field Depends)
has_dep() { [[ ", $depends," == *", $1 "* || ", $depends," == *", $1,"* ]]; }
# cairo and libhyphen, linked (dpkg-shlibdeps), and the themes' fonts.
for dep in libcairo2 libhyphen0 libyaml-cpp0.7 libjpeg62-turbo fonts-noto-cjk fonts-sil-charis fonts-texgyre \
  fonts-open-sans fonts-dejavu-core fonts-lato fonts-fork-awesome; do
  has_dep "$dep" || fail "Depends lacks $dep: $depends"
done

# A link's line ends "NAME -> TARGET": the name is the field before the arrow.
contents=$(dpkg-deb --contents "$deb" | awk '{print ($(NF-1) == "->") ? $(NF-2) : $NF}')
expected=(
  ./usr/bin/cvpdf
  ./usr/share/man/man1/cvpdf.1.gz
  ./usr/share/doc/cvpdf/copyright ./usr/share/doc/cvpdf/changelog.gz
  ./usr/share/doc/cvpdf/user-guide.md.gz ./usr/share/doc/cvpdf/themes.md.gz
  ./usr/share/doc/cvpdf/rendercv.md.gz ./usr/share/doc/cvpdf/json-resume.md.gz
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

# The fonts Debian ships are links to fonts-lato's and fonts-fork-awesome's
# files, no copies.
links=$(dpkg-deb --contents "$deb" | awk '$1 ~ /^l/ {print $(NF-2), $NF}')
for link in "Lato-Regular.ttf ../../fonts/truetype/lato/Lato-Regular.ttf" \
  "Lato-Bold.ttf ../../fonts/truetype/lato/Lato-Bold.ttf" "Lato-Italic.ttf ../../fonts/truetype/lato/Lato-Italic.ttf" \
  "Lato-BoldItalic.ttf ../../fonts/truetype/lato/Lato-BoldItalic.ttf" \
  "ForkAwesome-Regular.ttf ../../fonts/truetype/fork-awesome/forkawesome-webfont.ttf"; do
  grep -qxF "./usr/share/cvpdf/fonts/$link" <<<"$links" || fail "no link ./usr/share/cvpdf/fonts/$link: $links"
done
if dpkg-deb --contents "$deb" | grep -E '^-.*\.(ttf|otf)$'; then fail "the package carries a font file"; fi

# The copyright file is machine-readable (the format's header, a paragraph
# for cvpdf's own files and a stand-alone text of each license named), the
# changelog's entry is this version's.
root=$tmp/root admin=$tmp/admin
dpkg-deb -x "$deb" "$tmp/x"
copyright=$tmp/x/usr/share/doc/cvpdf/copyright
head -1 "$copyright" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' ||
  fail "copyright: not the machine-readable format: $(head -1 "$copyright")"
grep -qx 'Files: \*' "$copyright" || fail "copyright: no paragraph for cvpdf's own files"
for license in $(sed -n 's/^License: \(.*\)/\1/p' "$copyright" | sort -u); do
  grep -A1 -x "License: $license" "$copyright" | grep -q '^ ' || fail "copyright: no text of license $license"
done
grep -qF 'Copyright (c) 2026 the cvpdf authors' "$source/LICENSE" || fail "LICENSE lacks its copyright line"
zcat "$tmp/x/usr/share/doc/cvpdf/changelog.gz" >"$tmp/changelog"
[ "$(dpkg-parsechangelog -l "$tmp/changelog" -S Version)" = "$version" ] ||
  fail "changelog's entry is for $(dpkg-parsechangelog -l "$tmp/changelog" -S Version), not $version"
# The documents the manual page names are installed.
for doc in $(zcat "$tmp/x/usr/share/man/man1/cvpdf.1.gz" | sed 's/\\-/-/g' | grep -o '[a-z-]*\.md\.gz' | sort -u); do
  [ -f "$tmp/x/usr/share/doc/cvpdf/$doc" ] || fail "the manual page names $doc, which the package lacks"
done

mkdir -p "$root/usr/share" "$admin/updates" "$admin/info"
cp /var/lib/dpkg/status "$admin/status"
[ ! -f /var/lib/dpkg/arch ] || cp /var/lib/dpkg/arch "$admin/arch"
ln -s /usr/share/fonts "$root/usr/share/fonts"
dpkg --instdir="$root" --admindir="$admin" --force-not-root --force-script-chrootless --log=/dev/null \
  -i "$deb" >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log" >&2; fail "dpkg cannot install the package"; }
dpkg-query --admindir="$admin" -W -f='${Status}' cvpdf | grep -q 'install ok installed' ||
  fail "dpkg did not record cvpdf as installed"
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

# In an empty directory, as a new user begins: the starter, then its PDF,
# in Debian's Lato (the depfile names the fonts read).
work=$tmp/work
mkdir "$work"
(cd "$work" && "$root/usr/bin/cvpdf" new >"$tmp/new.log" 2>&1) || { cat "$tmp/new.log" >&2; fail "cvpdf new failed"; }
(cd "$work" && "$root/usr/bin/cvpdf" resume.yaml -M resume.d >"$tmp/render.log" 2>&1) ||
  { cat "$tmp/render.log" >&2; fail "cvpdf resume.yaml failed"; }
name=$(sed -n 's/^ *name: *"\{0,1\}\([^"#]*[^"# ]\).*/\1/p' "$work/resume.yaml" | head -1)
[ -n "$name" ] || fail "no name in the starter"
pdftotext "$work/resume.pdf" - | grep -qF "$name" || fail "the PDF lacks the starter's name '$name'"
lato=$(tr ' ' '\n' <"$work/resume.d" | grep 'Lato-Regular\.ttf$' | head -1)
[ -n "$lato" ] || fail "the depfile names no Lato: $(cat "$work/resume.d")"
[[ "$lato" == "$root/usr/share/cvpdf/fonts/"* ]] || fail "Lato came from $lato, not the installed tree"
[ "$(readlink -f "$lato")" = /usr/share/fonts/truetype/lato/Lato-Regular.ttf ] ||
  fail "the installed Lato-Regular.ttf is $(readlink -f "$lato"), not fonts-lato's"
dpkg -S /usr/share/fonts/truetype/lato/Lato-Regular.ttf | grep -q '^fonts-lato:' || fail "fonts-lato does not hold its Lato"
if grep -qF "$source/fonts/" "$work/resume.d"; then fail "the installed cvpdf read the source tree's fonts"; fi
echo "ok: $(basename "$deb"), $(wc -l <<<"$contents") entries, lintian clean, installed and rendered"
