#!/usr/bin/env bash
# Builds the ccemu image from this clone's Containerfile: `tools/container/build.sh [TAG]`
# (default ccemu, as docs/container.md and the JUnit extension name it) with podman, or docker when there is no podman. The base image,
# debian:bookworm-slim, must be there or pullable; tools/container/base.sh makes it where no
# registry is reachable (--pull=never then keeps podman from trying one).
#
# Deno and ccemu's npm dependencies are fetched inside the build, by the Containerfile itself, so
# that a plain `docker build .` from a clone works with nothing staged beforehand. What this machine
# adds is its certificate store, mounted read-only into the build: its egress proxy inspects TLS
# with a CA only that store knows.
set -euo pipefail
cd "$(dirname "$0")/../.."
tag="${1:-ccemu}"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$PWD/tools/container/containers.conf}"
if command -v podman >/dev/null; then
  args=(podman build --format docker --pull=never)
  [ -s /etc/ssl/certs/ca-certificates.crt ] && args+=(--volume /etc/ssl/certs:/etc/ssl/certs:ro)
else
  args=(docker build)
fi
start=$(date +%s)
"${args[@]}" --file Containerfile --tag "$tag" .
echo "image: $tag built in $(($(date +%s) - start)) s"
