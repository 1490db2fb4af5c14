#!/usr/bin/env bash
# Installs what the matchmaker serving bench compares against: nginx from Debian's packages (the
# serving bench streams the same snippet files through it). Debian/Ubuntu; runs apt-get only when
# nginx is missing. The bench runs nginx itself with a generated config on a loopback port; the
# package's own service is not needed (and is not started here).
set -euo pipefail
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  # policy-rc.d 101: do not start the package's default site on port 80 during the install.
  if [ -z "$sudo_cmd" ] && [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq nginx-light || \
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq nginx
fi
