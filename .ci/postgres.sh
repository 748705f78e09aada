#!/usr/bin/env bash
# Start a throw-away PostgreSQL server on loopback for the database tests, and export its URL.
#   source .ci/postgres.sh      (then COMPAGNON_TEST_PG_URL is set; the server stops when the shell exits)
# Installs the Debian package when it is missing (as root), runs initdb + pg_ctl in a temporary
# folder (as the "postgres" user when running as root: PostgreSQL refuses root), trust on 127.0.0.1.
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "== installing PostgreSQL (Debian package) for the database tests"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
PG_DIR=$(mktemp -d /tmp/compagnon-ci-pg.XXXXXX)
PG_PORT=${COMPAGNON_CI_PG_PORT:-55439}
AS=()
if [ "$(id -u)" = 0 ]; then
  chown postgres:postgres "$PG_DIR"
  AS=(runuser -u postgres --)
fi
echo "== starting a throw-away PostgreSQL on 127.0.0.1:$PG_PORT ($PG_DIR)"
"${AS[@]}" "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust -E UTF8 --no-sync >/dev/null
"${AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 120 \
  -o "-h 127.0.0.1 -p $PG_PORT -k $PG_DIR -c fsync=off -c max_connections=200" start >/dev/null

stop_postgres() {
  "${AS[@]}" "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
trap stop_postgres EXIT
export COMPAGNON_TEST_PG_URL="postgresql+psycopg://postgres@127.0.0.1:$PG_PORT/postgres"
