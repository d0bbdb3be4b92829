#!/usr/bin/env bash
# CI check of the documented install (.ci/run runs it): builds the static binary, installs it
# into a temporary prefix, runs it with an empty environment on a sample, and checks the
# release tarball's contents.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT

make --no-print-directory install PREFIX="$prefix"
binary="$prefix/bin/lifelint"
fail() { echo "test-install: $*" >&2; exit 1; }

if ldd "$binary" | grep -q 'libswift'; then fail "the installed binary links the Swift runtime dynamically"; fi
[ "$(env -i "$binary" --version)" = "$(.build/static/release/lifelint --version)" ] || fail "--version differs"

status=0
output="$(env -i "$binary" --year 2024 --no-config SampleLogs/android-lost-draft.log)" || status=$?
[ "$status" -eq 1 ] || fail "expected exit status 1 (findings) from the sample, got $status"
[ "$(tail -n 1 <<<"$output")" = "lifelint: 3 errors in 1 trace (46 lines, 34 events)" ] || fail "unexpected summary: $(tail -n 1 <<<"$output")"

for file in share/man/man1/lifelint.1 share/bash-completion/completions/lifelint share/zsh/site-functions/_lifelint share/fish/vendor_completions.d/lifelint.fish; do
  [ -s "$prefix/$file" ] || fail "missing $file"
done
bash -n "$prefix/share/bash-completion/completions/lifelint" || fail "bash completion does not parse"

tarball="$(scripts/release-tarball.sh)"
name="$(basename "$tarball" .tar.gz)"
expected="$name/LICENSE
$name/README.md
$name/bin/lifelint
$name/share/bash-completion/completions/lifelint
$name/share/fish/vendor_completions.d/lifelint.fish
$name/share/man/man1/lifelint.1
$name/share/zsh/site-functions/_lifelint"
actual="$(tar -tzf "$tarball" | grep -v '/$' | sort)"
[ "$actual" = "$expected" ] || fail "tarball contents differ:
$actual"
echo "test-install: ok ($tarball; installed binary ran with an empty environment)"
