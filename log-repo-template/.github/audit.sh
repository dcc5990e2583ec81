#!/usr/bin/env bash
# The log's audit, as .github/workflows/audit.yml runs it (and anyone can, from a clone):
#   1. a rewrite is caught: a forced push fails; so does a push whose previous head
#      (BEFORE) is not in the new history; scheduled runs compare against the last audited head
#      (KNOWN_HEAD_FILE, kept outside the repository, e.g. in the Actions cache);
#   2. every commit is signed by the log key (stock git and ssh-keygen, allowed_signers);
#   3. `trailseal witness audit`: signatures, append-only entries, valid anchors, checkpoints.
# On success the audited head is written to KNOWN_HEAD_FILE for the next run.
#
# Environment: EVENT_NAME (push, schedule, pull_request, workflow_dispatch), FORCED and BEFORE
# (push events), KNOWN_HEAD_FILE (optional), TRAILSEAL (the command that runs trailseal, e.g.
# "node /path/to/trailseal/dist/cli.js" of a checkout you built; without it, the `trailseal` on
# PATH). trailseal is never fetched by name (no npx): the npm name is not held by this project,
# and whoever registered it would run code here.
# Exit 0 when the log passes, 1 otherwise, with an ::error:: annotation saying why.
set -euo pipefail

fail() {
  echo "::error title=trailseal log audit::$1"
  exit 1
}

EVENT_NAME=${EVENT_NAME:-workflow_dispatch}
FORCED=${FORCED:-false}
BEFORE=${BEFORE:-}
KNOWN_HEAD_FILE=${KNOWN_HEAD_FILE:-}
if [ -n "${TRAILSEAL:-}" ]; then
  read -r -a trailseal <<<"$TRAILSEAL"
elif command -v trailseal >/dev/null 2>&1; then
  trailseal=(trailseal)
else
  fail "no trailseal to run: set TRAILSEAL to the command of a trailseal you built from its source (e.g. \"node /path/to/trailseal/dist/cli.js\"), or install one on PATH"
fi

head=$(git rev-parse --verify HEAD)
is_sha() { [[ "$1" =~ ^[0-9a-f]{40}$ ]] && [ "$1" != 0000000000000000000000000000000000000000 ]; }

# The heads this history must still contain: the push's previous head, and the last audited one.
known=()
if [ "$EVENT_NAME" = push ]; then
  if [ "$FORCED" = true ]; then
    fail "this push was forced (${BEFORE:-?} -> $head): a transparency log's history must only grow"
  fi
  if is_sha "$BEFORE"; then known+=("$BEFORE"); fi
fi
# A pull request's branch may start before the last audited head: only pushes and scheduled
# runs compare against it.
if [ "$EVENT_NAME" != pull_request ] && [ -n "$KNOWN_HEAD_FILE" ] && [ -s "$KNOWN_HEAD_FILE" ]; then
  cached=$(tr -d '[:space:]' <"$KNOWN_HEAD_FILE")
  if ! is_sha "$cached"; then fail "$KNOWN_HEAD_FILE does not hold a commit id"; fi
  if [ "${#known[@]}" -eq 0 ] || [ "${known[0]}" != "$cached" ]; then known+=("$cached"); fi
fi
if [ "${#known[@]}" -eq 0 ] && [ "$EVENT_NAME" != pull_request ]; then
  # Nothing to compare with: the first run, or the cache was evicted or deleted. This run's
  # head becomes the one later runs compare against; say so, since a rewrite before it is unseen.
  echo "::warning title=trailseal log audit::no previously audited head to compare with: this run checks the history as it is now"
fi
# Stock git first: a head missing from the clone (a forced push drops it) or not an ancestor.
for old in "${known[@]}"; do
  if ! git cat-file -e "$old^{commit}" 2>/dev/null || ! git merge-base --is-ancestor "$old" "$head"; then
    fail "the previously seen head $old is not in this history (head $head): the log was rewritten"
  fi
done

# Every commit signed by a key of allowed_signers, checked by stock git.
if command -v ssh-keygen >/dev/null 2>&1; then
  for commit in $(git rev-list HEAD); do
    if ! git -c gpg.ssh.allowedSignersFile=allowed_signers verify-commit "$commit" >/dev/null 2>&1; then
      fail "commit $commit is not signed by a key in allowed_signers"
    fi
  done
fi

# The full audit; --known-head makes trailseal check the newest known head too.
args=(witness audit .)
if [ "${#known[@]}" -gt 0 ]; then args+=(--known-head "${known[0]}"); fi
if ! "${trailseal[@]}" "${args[@]}"; then
  fail "trailseal witness audit failed (see the output above)"
fi

if [ -n "$KNOWN_HEAD_FILE" ] && [ "$EVENT_NAME" != pull_request ]; then
  mkdir -p "$(dirname "$KNOWN_HEAD_FILE")"
  echo "$head" >"$KNOWN_HEAD_FILE"
fi
echo "audited $head"
