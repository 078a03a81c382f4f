#!/usr/bin/env bash
# Packaging checks that only CI runs, called by .ci/run after the tests:
#   1. publint --strict and @arethetypeswrong/cli (esm-only profile) on the
#      tarball of every published package;
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

log "publint + attw for every package"
pnpm -r --filter './packages/*' lint

log "pack-and-install test"
node scripts/pack-install-test.mjs

log "plugin standalone test"
node scripts/plugin-standalone-test.mjs

log "changeset dry run"
node scripts/changeset-dry-run.mjs

log "packaging checks passed in $((SECONDS - start))s"
