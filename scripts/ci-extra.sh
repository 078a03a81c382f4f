#!/usr/bin/env bash
# Packaging checks that only CI runs, called by .ci/run after the tests:
#   1. publint --strict and @arethetypeswrong/cli (esm-only profile) on the
#      tarball of every published package (tooling/lint-packed.mjs);
#   2. the pack-and-install test: the tarballs installed with npm into a fresh
#      project outside the workspace, used from ESM, from the xview bin, from
#      TypeScript (NodeNext and Bundler) and by a third-party provider run
#      through the installed @x/testkit;
#   3. the plugin standalone test: the example provider and renderer plugins
#      copied out of the repository, installed with npm from the packed @x/core
#      and @x/testkit, tested and built there, and run by the installed xview
#      (--plugin, --renderer markdown, a future-contract plugin refused);
#   4. a changesets dry run: the versions and changelogs a release would publish.
set -euo pipefail
cd "$(dirname "$0")/.."
. .ci/quiet-env.sh

log() { printf '\n==> %s\n' "$*"; }

# The scripts below call `pnpm` by name; where only `npx pnpm` works, put a shim on PATH.
if ! command -v pnpm >/dev/null 2>&1; then
  shim=$(mktemp -d)
  trap 'rm -rf "$shim"' EXIT
  printf '#!/usr/bin/env bash\nexec npx -y pnpm@10.34.9 "$@"\n' >"$shim/pnpm"
  chmod +x "$shim/pnpm"
  export PATH="$shim:$PATH"
fi

start=$SECONDS

# --no-build: the caller has just built, and other checks read dist/ while this
# script runs (a turbo cache hit still rewrites every output it restores).
if [ "${1:-}" != "--no-build" ]; then
  log "pnpm build (cached by turbo when the tests already built)"
  pnpm build --output-logs=errors-only
fi

# Two lanes, one per core: each check works in folders of its own (tarballs
# packed into its own temporary folder, npm installs outside the repository)
# and only reads the repository and its dist/, so they cannot disturb one
# another. Most of their time is spent waiting on pnpm packs and npm installs;
# run one after another they left a core idle for about half of the script.
# Each lane's output is kept apart and printed whole, lane by lane.
lanes=$(mktemp -d)
trap 'rm -rf "$lanes" ${shim:+"$shim"}' EXIT

# Every published package packed once, by one pnpm process, for all the checks
# below (scripts/packed.mjs): each check packing what it read took 51 packs
# (publint, attw and the pack-and-install test each all 16 packages, the
# plugin standalone test three), each a pnpm start-up of about a CPU second.
log "pnpm pack every package once"
export X_PACKED_DIR="$lanes/packed"
pnpm -r --filter './packages/*' pack --pack-destination "$X_PACKED_DIR" >/dev/null

# The lanes are balanced by time: on the two-core runner the two install
# tests took about 90 s each, publint + attw 60 s and the dry run 10 s.
lane_a() {
  log "publint + attw for every package"
  node tooling/lint-packed.mjs "$X_PACKED_DIR"/*.tgz
  log "plugin standalone test"
  node scripts/plugin-standalone-test.mjs
}

lane_b() {
  log "pack-and-install test"
  node scripts/pack-install-test.mjs
  log "changeset dry run"
  node scripts/changeset-dry-run.mjs
}

(set -e; lane_a) >"$lanes/a.log" 2>&1 &
pid_a=$!
(set -e; lane_b) >"$lanes/b.log" 2>&1 &
pid_b=$!
status_a=0
wait "$pid_a" || status_a=$?
status_b=0
wait "$pid_b" || status_b=$?
cat "$lanes/a.log" "$lanes/b.log"
if [ "$status_a" -ne 0 ] || [ "$status_b" -ne 0 ]; then
  echo "error: a packaging check failed (publint/attw + plugin standalone lane: exit $status_a; pack-and-install + changeset lane: exit $status_b); its output is above." >&2
  exit 1
fi

log "packaging checks passed in $((SECONDS - start))s"
