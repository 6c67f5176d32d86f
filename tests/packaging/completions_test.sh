#!/usr/bin/env bash
# The shell completions the build generated (share/completions/ in the build
# directory, what the packages install): bash's, loaded in a plain bash with
# COMP_WORDS/COMP_CWORD set as readline would, and fish's through
# `complete -C`, offer the options, the subcommands, the themes of
# `cvpdf themes`, the languages of the résumé on the line and files of the
# right extensions; zsh's parses (zsh -n). A shell that is not installed is
# skipped with a note (scripts/setup.sh installs zsh and fish).
# Usage: completions_test.sh CVPDF COMPLETIONS_DIR
set -euo pipefail
cvpdf=$1 dir=$2
export PATH="$(dirname "$cvpdf"):$PATH"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$tmp"
mkdir sub
touch a.pdf b.txt c.md d.yaml e.json f.png g.jpg
printf 'languages: [en, zh-Hant]\nperson: {name: A}\n' >r.yaml

themes=$(cvpdf themes | cut -d' ' -f1 | sort | tr '\n' ' ')
[ -n "$themes" ] || fail "cvpdf themes listed nothing"
# Every option spelled in --help.
options=$(cvpdf --help | grep -oE '(^|[ ,])--?[a-zA-Z][a-z-]*' | tr -d ' ,' | sort -u | tr '\n' ' ')

# bash: the sorted, space-joined COMPREPLY for the words given (the last is
# the one being completed).
bash_complete() {
  bash -c 'source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _cvpdf
           ((${#COMPREPLY[@]} == 0)) || printf "%s\n" "${COMPREPLY[@]}"' "$dir/cvpdf.bash" "$@" | sort -u | tr '\n' ' '
}
expect() {  # NAME GOT WANTED
  [ "$2" = "$3" ] || fail "$1: got '$2', wanted '$3'"
}
expect "bash: cvpdf --th" "$(bash_complete cvpdf --th)" "--theme "
expect "bash: cvpdf --theme ''" "$(bash_complete cvpdf --theme '')" "$(printf '%s\n' $themes d.yaml r.yaml sub | sort | tr '\n' ' ')"
expect "bash: cvpdf --theme=cl" "$(bash_complete cvpdf --theme = cl)" "classic "
expect "bash: cvpdf -o ''" "$(bash_complete cvpdf r.yaml -o '')" "a.pdf b.txt c.md f.png sub "
expect "bash: cvpdf --format ''" "$(bash_complete cvpdf --format '')" "md pdf png svg txt "
expect "bash: cvpdf r.yaml --lang ''" "$(bash_complete cvpdf r.yaml --lang '')" "en zh-Hant "
expect "bash: cvpdf ''" "$(bash_complete cvpdf '')" "check completions convert d.yaml e.json new r.yaml schema sub themes "
# Subcommands that read only their own words offer those, and no files.
expect "bash: cvpdf schema ''" "$(bash_complete cvpdf schema '')" "resume theme "
expect "bash: cvpdf completions ''" "$(bash_complete cvpdf completions '')" "bash fish zsh "
expect "bash: cvpdf completions bash ''" "$(bash_complete cvpdf completions bash '')" ""
expect "bash: cvpdf themes ''" "$(bash_complete cvpdf themes '')" ""
# new --lang: the starter's languages, not a résumé's.
expect "bash: cvpdf new --lang ''" "$(bash_complete cvpdf new --lang '')" "en en,zh zh zh,en "
expect "bash: cvpdf new r.yaml --lang ''" "$(bash_complete cvpdf new r.yaml --lang '')" "en en,zh zh zh,en "
expect "bash: cvpdf check ''" "$(bash_complete cvpdf check '')" "d.yaml e.json r.yaml sub "
expect "bash: cvpdf --set ''" "$(bash_complete cvpdf --set '')" ""
all=$(bash_complete cvpdf -)
for o in $options; do
  [[ " $all" == *" $o "* ]] || fail "bash: '$o' of --help is not completed (got: $all)"
done

if command -v fish >/dev/null; then
  fish_complete() { fish -c 'source $argv[1]; complete -C $argv[2]' "$dir/cvpdf.fish" "$1" | cut -f1 | sort -u | tr '\n' ' '; }
  expect "fish: cvpdf --th" "$(fish_complete 'cvpdf --th')" "--theme "
  expect "fish: cvpdf --theme " "$(fish_complete 'cvpdf --theme ')" "$(printf '%s\n' $themes d.yaml r.yaml sub/ | sort | tr '\n' ' ')"
  expect "fish: cvpdf -o " "$(fish_complete 'cvpdf r.yaml -o ')" "a.pdf b.txt c.md f.png sub/ "
  expect "fish: cvpdf r.yaml --lang " "$(fish_complete 'cvpdf r.yaml --lang ')" "en zh-Hant "
  expect "fish: cvpdf " "$(fish_complete 'cvpdf ')" "check completions convert d.yaml e.json new r.yaml schema sub/ themes "
  expect "fish: cvpdf schema " "$(fish_complete 'cvpdf schema ')" "resume theme "
  expect "fish: cvpdf completions " "$(fish_complete 'cvpdf completions ')" "bash fish zsh "
  expect "fish: cvpdf new --lang " "$(fish_complete 'cvpdf new --lang ')" "en en,zh zh zh,en "
  all=$(fish_complete 'cvpdf -')
  for o in $options; do
    [[ " $all" == *" $o "* ]] || fail "fish: '$o' of --help is not completed (got: $all)"
  done
else
  echo "note: fish is not installed; its completions were not tried"
fi

if command -v zsh >/dev/null; then
  zsh -n "$dir/cvpdf.zsh" || fail "zsh cannot parse its completions"
  for o in $options; do
    grep -qE -- "(^|[{,'( ])$o[=\[',}]" "$dir/cvpdf.zsh" || fail "zsh: '$o' of --help is not in _arguments"
  done
else
  echo "note: zsh is not installed; its completions were not parsed"
fi
echo ok
