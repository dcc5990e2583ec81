#!/usr/bin/env bash
# Runs the black-box witness conformance checker against every backend of `trailseal witness serve`
# (the append-only file store, a git transparency log, and a PostgreSQL log when PostgreSQL is
# installed: a server started here in a temporary directory), with and without a bearer token, and
# the file store behind the add-checkpoint witness's routes (--cosign-logs) on the same port.
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
pg_stop=""
pgdir=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  if [ -n "$pg_stop" ]; then $pg_stop >/dev/null 2>&1 || true; fi
  rm -rf "$work" "${pgdir:-}"
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
# The anchor witness behind the add-checkpoint routes, one Express app on one port (--cosign-logs).
vkey="$(git --git-dir "$work/log.git" show HEAD:trailseal-log.json | python3 -c 'import json, sys; print(json.load(sys.stdin)["verifier_key"])')"
printf 'log %s\nquorum none\n' "$vkey" >"$work/logs.policy"
node dist/cli.js --home "$home" witness keygen --cosigner conformance.invalid/w --out "$work/cosigner.key" >/dev/null 2>&1
serve file-cosign --store "$work/anchors-cosign" --cosign-logs "$work/logs.policy" --cosigner-key "$work/cosigner.key"
serve gitlog-token --store "$work/log.git" --token "$token"

# PostgreSQL: initdb refuses root, so as root the server runs as the postgres user in its own dir.
initdb="$(compgen -G "/usr/lib/postgresql/*/bin/initdb" | sort -V | tail -n1 || true)"
if [ -n "$initdb" ]; then
  bin="$(dirname "$initdb")"
  # Its own temporary directory: the server's user must be able to reach it.
  pgdir="$(mktemp -d "${TMPDIR:-/tmp}/trailseal-conformance-pg-XXXXXX")"
  as_pg=()
  if [ "$(id -u)" = "0" ]; then chown postgres: "$pgdir"; as_pg=(runuser -u postgres --); fi
  "${as_pg[@]}" "$bin/initdb" -D "$pgdir/data" -U postgres --auth=trust --no-locale -E UTF8 >/dev/null
  "${as_pg[@]}" "$bin/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" -w -o "-k $pgdir -c listen_addresses='' -p 5432" start >/dev/null
  pg_stop="${as_pg[*]} $bin/pg_ctl -D $pgdir/data -m fast -w stop"
  db="postgres://postgres@localhost/postgres?host=$pgdir&port=5432"
  node dist/cli.js --home "$home" witness init "$work/pg-mirror.git" --bare --origin conformance.invalid/pg >/dev/null
  serve postgres --store "$db" --mirror "$work/pg-mirror.git"
  serve postgres-token --store "$db" --mirror "$work/pg-mirror.git" --token "$token"
else
  echo "conformance: postgres skipped, PostgreSQL is not installed"
fi
echo "conformance: every backend passed"
