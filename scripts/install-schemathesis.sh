#!/usr/bin/env bash
# Installs the pinned schemathesis (PyPI, MIT) into a cached virtualenv for the API fuzzing
# (scripts/fuzz.mjs); prints the path of its `st` command.
set -euo pipefail
VERSION=4.32.5
venv="${XDG_CACHE_HOME:-$HOME/.cache}/beatmatch/schemathesis-$VERSION"
if [ ! -x "$venv/bin/st" ]; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2
fi
echo "$venv/bin/st"
