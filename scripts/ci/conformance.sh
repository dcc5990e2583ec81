#!/usr/bin/env bash
# Runs the black-box witness conformance checker against both backends of `trailseal witness serve`
# (the append-only file store and a git transparency log), with and without a bearer token.
# The checker is not part of this repository: it is looked for in ../shared/conformance/ beside the
# checkout (or $TRAILSEAL_CONFORMANCE); without it this prints why and exits 0.
set -euo pipefail
cd "$(dirname "$0")/../.."

checker="${TRAILSEAL_CONFORMANCE:-../shared/conformance/witness_conformance.py}"
if [ ! -f "$checker" ]; then
  echo "conformance: skipped, no witness conformance checker at $checker"
  exit 0
fi
[ -f dist/cli.js ] || npm run build

work="$(mktemp -d "${TMPDIR:-/tmp}/trailseal-conformance-XXXXXX")"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

token="conformance-token-0123456789"
home="$work/home"
node dist/cli.js --home "$home" witness init "$work/log.git" --bare --origin conformance.invalid/log >/dev/null

# serve <label> <args…>: starts the server, waits for the URL it prints, runs the checker, stops it.
serve() {
  local label="$1"; shift
  local out="$work/$label.out"
  node dist/cli.js --home "$home" witness serve --port 0 "$@" >"$out" 2>"$work/$label.err" &
  pid=$!
  local url=""
  for _ in $(seq 1 100); do
    url="$(grep -oE 'http://127\.0\.0\.1:[0-9]+' "$out" | head -n1 || true)"
    [ -n "$url" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/$label.err" >&2; echo "conformance: $label: server exited" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$url" ] || { echo "conformance: $label: server printed no URL" >&2; exit 1; }
  local token_args=()
  for arg in "$@"; do [ "$arg" = "--token" ] && token_args=(--token "$token"); done
  echo "conformance: $label ($url)"
  python3 "$checker" "$url" "${token_args[@]}"
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
}

serve file --store "$work/anchors"
serve file-token --store "$work/anchors-token" --token "$token"
serve gitlog --store "$work/log.git"
serve gitlog-token --store "$work/log.git" --token "$token"
echo "conformance: every backend passed"
