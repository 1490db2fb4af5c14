#!/usr/bin/env bash
# Installs (first use only) the pinned yt-dlp (PyPI, Unlicense) into a cached virtualenv under
# ${BEATMATCH_CACHE:-~/.cache/beatmatch}/yt-dlp, and Debian's ffmpeg when it is missing and apt can
# install it (yt-dlp needs it to turn a video site's audio stream into MP3 for the DNA engine; a
# direct MP3 link, as the tests serve, needs none). Prints the path of the yt-dlp command.
# The matchmaker's video-link and streaming-track searches run it (services/matchmaker/README.md).
set -euo pipefail
VERSION=2026.10.26
cache="${BEATMATCH_CACHE:-$HOME/.cache/beatmatch}"
venv="$cache/yt-dlp"
if [ "$(cat "$venv/VERSION" 2>/dev/null)" != "$VERSION" ] || [ ! -x "$venv/bin/yt-dlp" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check "yt-dlp==$VERSION" >&2
  echo "$VERSION" >"$venv/VERSION"
fi
if ! command -v ffmpeg >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  { apt-get install -y -qq ffmpeg || { apt-get update -qq && apt-get install -y -qq ffmpeg; }; } >/dev/null 2>&1 ||
    echo "yt-dlp.sh: ffmpeg could not be installed; only direct audio links will work" >&2
fi
echo "$venv/bin/yt-dlp"
