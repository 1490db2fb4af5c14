# Jaeger v2 (all-in-one, in-memory storage): OTLP in on 4317 (gRPC) and 4318 (HTTP), UI and query API
# on 16686. Started on request only (`deploy/local/up jaeger`), not with the default set. Built with Go
# from a small module of our own that requires Jaeger's: a plain `go install …/cmd/jaeger@version`
# refuses a module whose go.mod has replace directives, so ours repeats the one it needs.
# Every port is on loopback; traces stay in memory (gone at a stop). The first build took 81 minutes of
# wall time on the 2-core machine while other builds and tests ran (binary 116 MiB, module cache +2 GiB).

JAEGER_HOME="$BEATMATCH_CACHE/jaeger"
JAEGER_SRC="$JAEGER_HOME/src"
JAEGER_BIN="$JAEGER_HOME/bin/jaeger-$JAEGER_VERSION"

jaeger_install() {
  command -v go >/dev/null 2>&1 || apt_install golang-go
  [ -x "$JAEGER_BIN" ] && return 0
  log "jaeger: building github.com/jaegertracing/jaeger/cmd/jaeger $JAEGER_VERSION with $(go version | cut -d' ' -f3) (a large build: over an hour on 2 busy cores)"
  mkdir -p "$JAEGER_SRC" "$(dirname "$JAEGER_BIN")"
  cat >"$JAEGER_SRC/go.mod" <<GOMOD
module beatmatch.local/jaeger

go 1.24.6

replace github.com/Shopify/sarama => github.com/Shopify/sarama v1.33.0
GOMOD
  (
    cd "$JAEGER_SRC" &&
      go get -tool "github.com/jaegertracing/jaeger/cmd/jaeger@$JAEGER_VERSION" &&
      CGO_ENABLED=0 go build -o "$JAEGER_BIN" github.com/jaegertracing/jaeger/cmd/jaeger
  ) >"$LOG_DIR/jaeger-build.log" 2>&1 || die "building jaeger failed, see $LOG_DIR/jaeger-build.log"
}

jaeger_start() {
  running_pid jaeger >/dev/null && return 0
  # The query extension would listen on every interface by default: loopback, like the receivers.
  spawn jaeger "$JAEGER_BIN" --set=extensions.jaeger_query.http.endpoint=127.0.0.1:$JAEGER_UI_PORT \
    --set=extensions.jaeger_query.grpc.endpoint=127.0.0.1:$((JAEGER_UI_PORT - 1))
}

jaeger_stop() { stop_pid jaeger 10; }

jaeger_healthy() {
  running_pid jaeger >/dev/null && port_open "$JAEGER_UI_PORT" && port_open "$JAEGER_OTLP_HTTP_PORT"
}

jaeger_address() {
  printf 'OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:%s  UI http://127.0.0.1:%s' "$JAEGER_OTLP_HTTP_PORT" "$JAEGER_UI_PORT"
}

jaeger_purge() { :; } # traces live in memory
