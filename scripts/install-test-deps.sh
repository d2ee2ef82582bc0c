#!/usr/bin/env bash
# What `npm test` needs besides Node, on Debian or Ubuntu, installed from the distribution's packages and started:
#   - Chromium (/usr/bin/chromium; Playwright never downloads browsers);
#   - Firefox ESR (firefox-esr) and WebKitGTK's WebDriver (webkit2gtk-driver) under a virtual display (xvfb):
#     the main journey runs in all three engines;
#   - nginx: the load balancer of the two-node test and the scale-out bench (run as a child process, not a service);
#   - PostgreSQL: the one answering on 127.0.0.1 if any, else a local cluster with trust auth on 127.0.0.1;
#   - Redis: the one answering on 127.0.0.1:6379 if any, else one that keeps nothing on disk.
# `npm test` (scripts/test.sh) sources it first, so TEST_DATABASE_URL and TEST_REDIS_URL stay exported for the
# tests: as root it installs and starts what is missing; as another user it runs with --check, which installs
# nothing and says what to run. Run on its own as root (sudo scripts/install-test-deps.sh), it prints the two
# variables. TEST_DATABASE_URL or TEST_REDIS_URL already set: that server is used, nothing is set up for it.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

log() { printf '\n==> %s\n' "$*"; }

check_only=false
if [ "${1:-}" = "--check" ]; then check_only=true; fi
unmet=()
# --check: note what is missing (reported at the end); otherwise go on and install it.
needs() {
  if [ "$check_only" = true ]; then
    unmet+=("$1")
    return 1
  fi
  return 0
}

apt_updated=false
apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "No apt-get here: install $* yourself (see the list at the top of scripts/install-test-deps.sh)." >&2
    exit 1
  fi
  if [ "$apt_updated" = false ]; then
    apt-get update
    apt_updated=true
  fi
  apt-get install -y "$@"
}

# --- Browsers and nginx -------------------------------------------------------------------
# Ubuntu has no firefox-esr package (its firefox is a snap): there, install Firefox ESR from Mozilla's apt
# repository and set FIREFOX_PATH.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb xauth)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ "${#missing[@]}" -gt 0 ] && needs "Debian packages ${missing[*]}"; then
  log "installing ${missing[*]}"
  # Debian's nginx package would start a system service on port 80 (and fail the install where 80 is taken): the
  # tests run their own nginx, so no service is started while these install (policy-rc.d, as in container images).
  policy=/usr/sbin/policy-rc.d
  made_policy=false
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    made_policy=true
  fi
  installed=true
  apt_install "${missing[@]}" fonts-dejavu-core || installed=false
  if [ "$made_policy" = true ]; then rm -f "$policy"; fi
  if [ "$installed" = false ]; then
    echo "Could not install ${missing[*]} from the distribution's packages." >&2
    exit 1
  fi
elif [ "${#missing[@]}" -eq 0 ]; then
  log "Chromium, Firefox ESR, WebKitWebDriver, xvfb-run and nginx: already installed"
fi

# --- PostgreSQL ---------------------------------------------------------------------------
pg_port=5432
postgres_answers() {
  command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p "$1"
}

postgres_ready=true
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  log "PostgreSQL: using TEST_DATABASE_URL"
elif postgres_answers "$pg_port"; then
  log "PostgreSQL: using the server on 127.0.0.1:$pg_port"
elif ! needs "PostgreSQL answering on 127.0.0.1:$pg_port (with pg_isready and psql)"; then
  postgres_ready=false
else
  log "PostgreSQL: none on 127.0.0.1:$pg_port, setting up a local cluster"
  fresh_cluster=false
  if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    apt_install postgresql
    fresh_cluster=true
  fi
  pg_version="$(ls /etc/postgresql | sort -V | tail -n 1)"
  if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$pg_version main"; then
    pg_createcluster "$pg_version" main
    fresh_cluster=true
  fi
  # The port the cluster was given (Debian picks the next free one if 5432 is taken).
  pg_port="$(pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main" {print $3}')"
  if [ "$fresh_cluster" = true ]; then
    # Debian's default is peer for the socket and scram for 127.0.0.1; the tests connect as
    # postgres without a password. Only a cluster made here is changed, never an existing one.
    cat >"/etc/postgresql/$pg_version/main/pg_hba.conf" <<'HBA'
# Written by scripts/install-test-deps.sh: a throwaway test cluster, reachable only from this machine.
local   all   all                 trust
host    all   all   127.0.0.1/32  trust
host    all   all   ::1/128       trust
HBA
  fi
  if pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main" {print $4}' | grep -qx online; then
    pg_ctlcluster --skip-systemctl-redirect "$pg_version" main reload
  else
    pg_ctlcluster --skip-systemctl-redirect "$pg_version" main start
  fi
  for _ in $(seq 1 30); do
    postgres_answers "$pg_port" && break
    sleep 1
  done
  postgres_answers "$pg_port" || { echo "PostgreSQL did not start on 127.0.0.1:$pg_port" >&2; exit 1; }
fi

export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:$pg_port/postgres}"
if [ "$postgres_ready" = true ] && command -v psql >/dev/null 2>&1 &&
  ! psql "$TEST_DATABASE_URL" -Atc "select 1" >/dev/null; then
  echo "Cannot connect to $TEST_DATABASE_URL (the tests create and drop their own databases there)." >&2
  echo "Set TEST_DATABASE_URL to a role that may CREATE DATABASE." >&2
  exit 1
fi

# --- Redis --------------------------------------------------------------------------------
redis_port=6379
redis_answers() {
  # A PING over bash's /dev/tcp: works before redis-tools is installed.
  { exec 3<>"/dev/tcp/127.0.0.1/$redis_port"; } 2>/dev/null || return 1
  printf 'PING\r\n' >&3
  local reply=""
  read -r -t 2 reply <&3 || true
  exec 3>&- 3<&-
  [[ "$reply" == +PONG* ]]
}

if [ -n "${TEST_REDIS_URL:-}" ]; then
  log "Redis: using TEST_REDIS_URL"
elif redis_answers; then
  log "Redis: using the server on 127.0.0.1:$redis_port"
elif needs "Redis answering on 127.0.0.1:$redis_port"; then
  log "Redis: none on 127.0.0.1:$redis_port, starting one"
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$redis_port" --save "" --appendonly no
  for _ in $(seq 1 30); do
    redis_answers && break
    sleep 1
  done
  redis_answers || { echo "Redis did not start on 127.0.0.1:$redis_port" >&2; exit 1; }
fi
export TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:$redis_port}"

if [ "${#unmet[@]}" -gt 0 ]; then
  echo >&2
  echo "npm test needs what is missing on this machine:" >&2
  printf '  - %s\n' "${unmet[@]}" >&2
  echo "Install and start it as root, then run npm test again:" >&2
  echo "  sudo scripts/install-test-deps.sh      (Debian or Ubuntu; or run npm test itself as root)" >&2
  echo "A PostgreSQL or Redis elsewhere: set TEST_DATABASE_URL / TEST_REDIS_URL instead." >&2
  exit 1
fi

log "ready for npm test:"
echo "export TEST_DATABASE_URL=$TEST_DATABASE_URL"
echo "export TEST_REDIS_URL=$TEST_REDIS_URL"
