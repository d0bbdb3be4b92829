#!/usr/bin/env bash
# Packs a built static lifelint into dist/lifelint-<version>-linux-<arch>.tar.gz: the binary,
# README, LICENSE, the manual page and the shell completions, laid out as an install prefix.
# Usage: scripts/release-tarball.sh [path/to/lifelint]   (default: .build/static/release/lifelint)
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/static/release/lifelint}"
version="$("$binary" --version)"
name="lifelint-${version}-linux-$(uname -m)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
make --no-print-directory install DESTDIR="$stage/$name" PREFIX= SCRATCH="$(dirname "$(dirname "$binary")")" >/dev/null
cp README.md LICENSE "$stage/$name/"
mkdir -p dist
tar -czf "dist/$name.tar.gz" -C "$stage" "$name"
echo "dist/$name.tar.gz"
