# s3: versitygw (Apache-2.0), an S3-compatible gateway over a plain directory (posix backend), built
# with `go install` at a pinned version. Data under the cache, one bucket made at start, loopback only.

S3_HOME="$BEATMATCH_CACHE/s3"
S3_BIN="$S3_HOME/bin/versitygw"
S3_DATA="$S3_HOME/data"
S3_ACCESS_KEY=beatmatch
S3_SECRET_KEY=beatmatch-local-secret
S3_BUCKET=beatmatch

s3_install() {
  command -v go >/dev/null 2>&1 || apt_install golang-go
  if [ -x "$S3_BIN" ] && [ "$(cat "$S3_HOME/version" 2>/dev/null)" = "$VERSITYGW_VERSION" ]; then
    return 0
  fi
  log "s3: go install github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION (a minute or two the first time)"
  mkdir -p "$S3_HOME/bin"
  GOBIN="$S3_HOME/bin" CGO_ENABLED=0 go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION" \
    >"$LOG_DIR/s3-build.log" 2>&1 || die "building versitygw failed, see $LOG_DIR/s3-build.log"
  printf '%s' "$VERSITYGW_VERSION" >"$S3_HOME/version"
}

s3_start() {
  running_pid s3 >/dev/null && return 0
  # With the posix backend a bucket is a top-level directory of the data dir.
  mkdir -p "$S3_DATA/$S3_BUCKET" "$S3_HOME/meta"
  spawn s3 "$S3_BIN" --port "127.0.0.1:$S3_PORT" --access "$S3_ACCESS_KEY" --secret "$S3_SECRET_KEY" \
    --quiet --health /health posix --sidecar "$S3_HOME/meta" "$S3_DATA"
}

s3_stop() { stop_pid s3 10; }

s3_healthy() {
  running_pid s3 >/dev/null && port_open "$S3_PORT"
}

s3_address() { printf 'S3_ENDPOINT=http://127.0.0.1:%s S3_BUCKET=%s' "$S3_PORT" "$S3_BUCKET"; }

s3_purge() { rm -rf "$S3_DATA" "$S3_HOME/meta"; }
