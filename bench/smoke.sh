#!/usr/bin/env bash
# The benchmark in seconds, for CI, so that it cannot rot: about 1 MB per
# stream, one repetition, the xview memory check on 2 MB, the hostile shapes at
# 1/1000 of their size, one start-up run per command, and the site
# memory check on 2 MB, then the serve bench on 50 sessions. It prints the same tables as `pnpm bench` and writes
# no docs. It fails only when the bench itself crashes: targets are reported,
# never enforced (timing is not a test).
set -euo pipefail
cd "$(dirname "$0")"
. ../.ci/quiet-env.sh

# The bench imports the built packages and runs the built xview (by path): build them
# (a turbo cache hit after `pnpm test`), then the bench itself. --no-build: the
# caller has just built them, and other checks read dist/ while this runs (a
# turbo cache hit still rewrites every output it restores).
if [ "${1:-}" = "--no-build" ]; then
  shift
else
  pnpm --dir .. exec turbo run build --filter='x-bench^...' --filter=@x/cli --output-logs=errors-only >/dev/null
fi
pnpm exec tsup --silent
node --expose-gc dist/main.js --smoke "$@"

# xview serve's bench on 50 small sessions and a 2 MB one (figures reported, never enforced).
node dist/serve.js --sessions 50 --total-mb 10 --session-mb 2 --runs 1
