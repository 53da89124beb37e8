#!/usr/bin/env bash
# The playground test drives a real headless Chromium (Debian's package; Playwright's own browser
# download cannot work offline). Installs it when missing; needs root or passwordless sudo.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Installing Debian's chromium for the browser tests…"
run() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo -n "$@"; fi; }
export DEBIAN_FRONTEND=noninteractive
run apt-get update -qq
run apt-get install -y -qq --no-install-recommends chromium >/dev/null
command -v chromium
