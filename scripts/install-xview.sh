#!/usr/bin/env bash
# Puts `xview` on the PATH from this checkout, before the @x packages are on
# the registry: installs the workspace, builds @x/cli (one bundle holding every
# @x package it uses), packs it as `changeset publish` would and installs that
# tarball globally with npm. Needs Node.js 20.19+ and npm; pnpm comes via npx.
# Run it again to update; `npm uninstall -g @x/cli` removes it.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM=(npx -y pnpm@10.34.9)
"${PNPM[@]}" install --frozen-lockfile --reporter=silent
"${PNPM[@]}" --filter @x/cli build >/dev/null

dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
(cd packages/cli && "${PNPM[@]}" pack --pack-destination "$dest" >/dev/null)
tarball=$(ls "$dest"/*.tgz)

if ! npm install --global --no-audit --no-fund --loglevel=error "$tarball"; then
  echo "install-xview: npm could not install globally; if it was a permission error, run 'npm config set prefix ~/.local' (with ~/.local/bin on your PATH) and try again." >&2
  exit 1
fi

bin_dir="$(npm prefix --global)/bin"
case ":$PATH:" in
  *":$bin_dir:"*) echo "xview $(xview --version) installed in $bin_dir" ;;
  *) echo "xview installed in $bin_dir, which is not on your PATH: add it (export PATH=\"$bin_dir:\$PATH\")." ;;
esac
