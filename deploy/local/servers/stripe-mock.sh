# stripe-mock: Stripe's API served from its OpenAPI spec, built with `go install` at a pinned version.

STRIPE_MOCK_HOME="$BEATMATCH_CACHE/stripe-mock"
STRIPE_MOCK_BIN="$STRIPE_MOCK_HOME/bin/stripe-mock"

stripe_mock_install() {
  command -v go >/dev/null 2>&1 || apt_install golang-go
  if [ -x "$STRIPE_MOCK_BIN" ] && [ "$(cat "$STRIPE_MOCK_HOME/version" 2>/dev/null)" = "$STRIPE_MOCK_VERSION" ]; then
    return 0
  fi
  log "stripe-mock: go install github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
  mkdir -p "$STRIPE_MOCK_HOME/bin"
  GOBIN="$STRIPE_MOCK_HOME/bin" CGO_ENABLED=0 go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION" \
    >"$LOG_DIR/stripe-mock-build.log" 2>&1 || die "building stripe-mock failed, see $LOG_DIR/stripe-mock-build.log"
  printf '%s' "$STRIPE_MOCK_VERSION" >"$STRIPE_MOCK_HOME/version"
}

stripe_mock_start() {
  running_pid stripe-mock >/dev/null && return 0
  # Loopback only; tests use the HTTP port (stripe-mock always opens an HTTPS one too, on the next port).
  spawn stripe-mock "$STRIPE_MOCK_BIN" -http-addr "127.0.0.1:$STRIPE_MOCK_PORT" -https-addr "127.0.0.1:$((STRIPE_MOCK_PORT + 1))"
}

stripe_mock_stop() { stop_pid stripe-mock 10; }

stripe_mock_healthy() {
  running_pid stripe-mock >/dev/null && port_open "$STRIPE_MOCK_PORT"
}

stripe_mock_address() { printf 'STRIPE_API_BASE=http://127.0.0.1:%s' "$STRIPE_MOCK_PORT"; }

stripe_mock_purge() { :; } # stateless
