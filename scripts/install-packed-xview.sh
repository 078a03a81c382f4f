#!/usr/bin/env bash
# Packs @x/cli as built in packages/cli/dist, as `changeset publish` would, and
# installs that tarball with `npm install --global`. The last step of
# install-xview.sh, and what the tests of the installed xview run
# (packages/cli/src/installed/), with npm's prefix pointed at a folder of
# their own: the xview they test is the one users install.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f packages/cli/dist/bin.cjs ]; then
  echo "install-packed-xview: packages/cli/dist is not built; run 'npx -y pnpm@10.34.9 --filter @x/cli build' first." >&2
  exit 1
fi

dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
(cd packages/cli && npx -y pnpm@10.34.9 pack --pack-destination "$dest" >/dev/null)
tarball=$(ls "$dest"/*.tgz)

if ! npm install --global --no-audit --no-fund --loglevel=error "$tarball"; then
  echo "install-xview: npm could not install globally; if it was a permission error, run 'npm config set prefix ~/.local' (with ~/.local/bin on your PATH) and try again." >&2
  exit 1
fi
