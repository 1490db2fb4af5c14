# PostgreSQL from Debian's packages (the distribution's version), our own data directory under the
# cache, started with pg_ctl as the postgres OS user (not the Debian cluster service).

POSTGRES_HOME="$BEATMATCH_CACHE/postgres"
POSTGRES_DATA="$POSTGRES_HOME/data"
POSTGRES_SOCKET_DIR="$POSTGRES_HOME/socket"

postgres_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$dir" ] && printf '%s' "$dir"
}

# Runs a command as the postgres OS user when we are root (PostgreSQL refuses to run as root).
as_postgres() {
  if is_root; then runuser -u postgres -- "$@"; else "$@"; fi
}

# The postgres user must be able to walk down to the data directory (e.g. through /root, mode 700).
postgres_grant_traverse() {
  is_root || return 0
  local dir="$POSTGRES_HOME"
  while [ "$dir" != / ]; do
    dir="$(dirname "$dir")"
    if ! runuser -u postgres -- test -x "$dir"; then
      if command -v setfacl >/dev/null 2>&1; then
        setfacl -m u:postgres:x "$dir"
        log "postgres: granted the postgres user traverse-only access (ACL) to $dir"
      else
        chmod o+x "$dir"
        log "postgres: made $dir traversable (o+x) so the postgres user reaches its data directory"
      fi
    fi
  done
}

postgres_install() {
  if [ -z "$(postgres_bin)" ]; then
    apt_install postgresql postgresql-contrib
  fi
  local version
  version="$(basename "$(dirname "$(postgres_bin)")")"
  # pgvector only where Debian packages it for this PostgreSQL version.
  if apt-cache policy "postgresql-$version-pgvector" 2>/dev/null | grep -q 'Candidate: [0-9]'; then
    apt_install "postgresql-$version-pgvector"
  elif [ ! -f "$POSTGRES_HOME/.pgvector-noted" ]; then
    log "postgres: Debian has no postgresql-$version-pgvector package; pgvector is not installed"
    mkdir -p "$POSTGRES_HOME" && touch "$POSTGRES_HOME/.pgvector-noted"
  fi
  if [ ! -f "$POSTGRES_DATA/PG_VERSION" ]; then
    log "postgres: initdb $POSTGRES_DATA"
    mkdir -p "$POSTGRES_DATA" "$POSTGRES_SOCKET_DIR"
    is_root && chown -R postgres:postgres "$POSTGRES_HOME"
    postgres_grant_traverse
    local pwfile="$POSTGRES_HOME/.initpw"
    printf 'postgres\n' >"$pwfile"
    is_root && chown postgres "$pwfile"
    as_postgres "$(postgres_bin)/initdb" -D "$POSTGRES_DATA" -U postgres --pwfile="$pwfile" \
      --auth-local=trust --auth-host=scram-sha-256 -E UTF8 --locale=C >"$LOG_DIR/postgres-initdb.log" 2>&1 ||
      die "initdb failed, see $LOG_DIR/postgres-initdb.log"
    rm -f "$pwfile"
    # A throw-away test server: durability traded for speed; enough connections for parallel suites.
    cat >>"$POSTGRES_DATA/postgresql.conf" <<EOF

# beatmatch local test server (deploy/local)
listen_addresses = '127.0.0.1'
port = $POSTGRES_PORT
unix_socket_directories = '$POSTGRES_SOCKET_DIR'
max_connections = 300
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 128MB
EOF
  fi
}

postgres_pid() {
  local pid
  [ -f "$POSTGRES_DATA/postmaster.pid" ] || return 1
  pid="$(head -n 1 "$POSTGRES_DATA/postmaster.pid")"
  ours "$pid" && printf '%s' "$pid"
}

postgres_start() {
  postgres_pid >/dev/null && return 0
  postgres_grant_traverse
  touch "$LOG_DIR/postgres.log"
  is_root && chown postgres "$LOG_DIR/postgres.log"
  as_postgres "$(postgres_bin)/pg_ctl" -D "$POSTGRES_DATA" -l "$LOG_DIR/postgres.log" -w -t 60 start >/dev/null ||
    {
      tail -n 30 "$LOG_DIR/postgres.log" >&2
      die "PostgreSQL did not start (log: $LOG_DIR/postgres.log)"
    }
  postgres_pid >"$RUN_DIR/postgres.pid"
  # The application role: CREATEDB because tests make their own databases.
  as_postgres "$(postgres_bin)/psql" -h "$POSTGRES_SOCKET_DIR" -p "$POSTGRES_PORT" -U postgres -d postgres -q -v ON_ERROR_STOP=1 >/dev/null <<'SQL'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'beatmatch') THEN
    CREATE ROLE beatmatch LOGIN CREATEDB PASSWORD 'beatmatch';
  END IF;
END $$;
SELECT 'CREATE DATABASE beatmatch OWNER beatmatch'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'beatmatch') \gexec
SQL
  as_postgres "$(postgres_bin)/psql" -h "$POSTGRES_SOCKET_DIR" -p "$POSTGRES_PORT" -U postgres -d beatmatch -q \
    -c "CREATE EXTENSION IF NOT EXISTS vector" >/dev/null 2>&1 || true
}

postgres_stop() {
  if postgres_pid >/dev/null; then
    as_postgres "$(postgres_bin)/pg_ctl" -D "$POSTGRES_DATA" -m fast -w -t 60 stop >/dev/null
  fi
  rm -f "$RUN_DIR/postgres.pid"
}

postgres_healthy() {
  postgres_pid >/dev/null &&
    PGPASSWORD=beatmatch "$(postgres_bin)/psql" -h 127.0.0.1 -p "$POSTGRES_PORT" -U beatmatch -d beatmatch -tAc 'select 1' >/dev/null 2>&1
}

postgres_address() { printf 'DATABASE_URL=postgres://beatmatch:beatmatch@127.0.0.1:%s/beatmatch' "$POSTGRES_PORT"; }

postgres_purge() { rm -rf "$POSTGRES_DATA"; }
