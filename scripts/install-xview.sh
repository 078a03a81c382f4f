#!/usr/bin/env bash
# Puts `xview` on the PATH from this checkout, before the @x packages are on
# the registry: installs the workspace, builds @x/cli (one bundle holding every
# @x package it uses), then packs it as `changeset publish` would and installs
# that tarball globally with npm (install-packed-xview.sh, which the tests of
# the installed xview run too). Needs Node.js 20.19+ and npm; pnpm comes via npx.
# Run it again to update; `npm uninstall -g @x/cli` removes it.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM=(npx -y pnpm@10.34.9)
"${PNPM[@]}" install --frozen-lockfile --reporter=silent
"${PNPM[@]}" --filter @x/cli build >/dev/null

bash scripts/install-packed-xview.sh

bin_dir="$(npm prefix --global)/bin"
case ":$PATH:" in
  *":$bin_dir:"*) echo "xview $(xview --version) installed in $bin_dir" ;;
  *) echo "xview installed in $bin_dir, which is not on your PATH: add it (export PATH=\"$bin_dir:\$PATH\")." ;;
esac
