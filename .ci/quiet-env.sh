# The environment of every CI step, sourced by .ci/run, scripts/ci-extra.sh and
# bench/smoke.sh (each can run alone): the tools print nothing that is not about
# this repository, so that what CI prints is worth reading (issue 29). The
# repository's .npmrc says the same to npm and pnpm for runs inside it; this
# covers the npm runs in temporary projects outside it too.
export CI="${CI:-true}"
# turbo: no anonymous telemetry (nor the notice about it), no update check.
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 TURBO_NO_UPDATE_NOTIFIER=1
# npm, npx and pnpm: no "new version available" notice; npm: no funding or audit summary after an install.
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
# corepack, where `pnpm` is its shim: fetch the pinned pnpm (packageManager) without a prompt.
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
