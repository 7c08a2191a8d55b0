#!/usr/bin/env bash
# The newcomer's path, for real: `npm start` with no DATABASE_URL (embedded PGlite in DATA_DIR), sign in
# with the code from the development mail log, restart, and check the same token still works.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
# A free loopback port (never a fixed one: a stale server there would answer for us).
port=${SMOKE_PORT:-$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}
log="$dir/server.log"
pid=""
cleanup() { [ -n "$pid" ] && kill -TERM -- "-$pid" 2>/dev/null || true; rm -rf "$dir"; }
trap cleanup EXIT

start() {
  # Its own process group (npm → sh → start.js → node), so stop() reaches the server itself.
  env -u DATABASE_URL -u SMTP_URL DATA_DIR="$dir/data" PORT="$port" HOST=127.0.0.1 setsid npm start >>"$log" 2>&1 &
  pid=$!
  # Up to 3 minutes: the first start builds, and CI runs it beside lint and the type-check.
  for _ in $(seq 1 360); do
    curl -fs "http://127.0.0.1:$port/health/ready" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "server did not become ready"; tail -50 "$log"; exit 1
}
stop() {
  kill -TERM -- "-$pid"
  wait "$pid" || true
  for _ in $(seq 1 40); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.25; done
  if kill -0 -- "-$pid" 2>/dev/null; then echo "server did not exit on SIGTERM"; exit 1; fi
  grep -q 'shut down cleanly' "$log" || { echo "no clean shutdown in the log"; tail -20 "$log"; exit 1; }
  pid=""
}
json() { node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(JSON.parse(s)$1))"; }

start
curl -fs -X POST "http://127.0.0.1:$port/v1/auth/login" -H 'content-type: application/json' -d '{"email":"newcomer@example.com"}' >/dev/null
code=""
for _ in $(seq 1 20); do
  code=$(grep -o 'sign-in code: [0-9]\{6\}' "$log" | tail -1 | awk '{print $3}' || true)
  [ -n "$code" ] && break
  sleep 0.25
done
[ -n "$code" ] || { echo "no code in the development mail log"; tail -20 "$log"; exit 1; }
pair=$(curl -fs -X POST "http://127.0.0.1:$port/v1/auth/login/verify" -H 'content-type: application/json' \
  -d "{\"email\":\"newcomer@example.com\",\"otp\":\"$code\"}")
token=$(echo "$pair" | json .access_token)
curl -fs "http://127.0.0.1:$port/v1/auth/me" -H "authorization: Bearer $token" | grep -q newcomer@example.com
echo "signed in on the embedded database"
stop
start
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/v1/auth/me" -H "authorization: Bearer $token")
[ "$status" = 200 ] || { echo "after restart /v1/auth/me answered $status"; tail -20 "$log"; exit 1; }
echo "still signed in after a restart: embedded data and generated secrets persisted in DATA_DIR"
stop
echo "embedded smoke: passed"
