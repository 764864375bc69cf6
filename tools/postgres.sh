#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, on a free loopback port, in a
# temporary directory, run as an unprivileged user (initdb refuses root).
#   tools/postgres.sh start   installs Debian's postgresql if it is missing (as root),
#                             starts the cluster, prints its URL (also in $DIR/url)
#   tools/postgres.sh stop    stops it and removes the directory
set -euo pipefail
DIR="${PGTEST_DIR:-${TMPDIR:-/tmp}/chatbot-api-mock-postgres}"

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
  start)
    if [ -z "$(bindir)" ]; then
      [ "$(id -u)" = 0 ] || { echo "no PostgreSQL server here: install Debian's postgresql package" >&2; exit 1; }
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql; } \
        >/tmp/chatbot-api-mock-apt-postgres.log 2>&1 || { tail -20 /tmp/chatbot-api-mock-apt-postgres.log >&2; exit 1; }
    fi
    bin="$(bindir)"
    port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
    rm -rf "$DIR" && mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_owner "$bin/initdb" -D "$DIR/data" -A trust -U postgres >"$DIR/initdb.log"
    as_owner "$bin/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
      -o "-p $port -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres" | tee "$DIR/url"
    ;;
  stop)
    bin="$(bindir)"
    if [ -n "$bin" ] && [ -d "$DIR/data" ]; then as_owner "$bin/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null || true; fi
    rm -rf "$DIR"
    ;;
  *) echo "usage: tools/postgres.sh start|stop" >&2; exit 2 ;;
esac
