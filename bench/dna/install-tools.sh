#!/usr/bin/env bash
# Installs what the DNA bench's held-out voice set needs (espeak-ng renders the spoken lines; sox is handy
# to inspect clips). Debian/Ubuntu; runs apt-get only when a tool is missing.
set -euo pipefail
missing=()
command -v espeak-ng >/dev/null || missing+=(espeak-ng)
command -v sox >/dev/null || missing+=(sox)
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi
