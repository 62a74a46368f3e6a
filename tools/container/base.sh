#!/usr/bin/env bash
# Makes the base image the Containerfile starts FROM, debian:bookworm-slim, on a machine that can
# reach Debian's package mirror but no registry of images (CI's machines and this team's). A user
# with a registry never runs this: `podman build` / `docker build` pull the real image.
#
# The image is made the way Debian's own slim images are: a minbase bookworm without manuals,
# documentation or translations, with apt's lists and caches removed; then imported under the name
# a pull would give it, docker.io/library/debian:bookworm-slim, so that `FROM debian:bookworm-slim`
# finds it locally. mmdebstrap rather than debootstrap: it writes the tarball in about 30 s where
# debootstrap takes about 4 minutes. Does nothing when the image is there already.
#
# Usage: tools/container/base.sh [ENGINE]     (ENGINE: podman, the default, or docker)
set -euo pipefail
engine="${1:-podman}"
image="docker.io/library/debian:bookworm-slim"
if "$engine" image exists "$image" 2>/dev/null ||
  "$engine" image inspect "$image" >/dev/null 2>&1; then
  echo "base: $image is there"
  exit 0
fi
command -v mmdebstrap >/dev/null || {
  echo "base: mmdebstrap is missing (apt-get install mmdebstrap)" >&2
  exit 1
}
tar=$(mktemp --suffix=.tar)
trap 'rm -f "$tar"' EXIT
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# The path filters are the slim variant's (debuerreotype's): copyright files stay.
mmdebstrap --quiet --variant=minbase \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-include=/usr/share/locale/locale.alias' \
  --dpkgopt='path-exclude=/usr/share/lintian/*' \
  --aptopt='APT::Install-Recommends "false"' \
  bookworm "$tar" "$mirror" "deb $mirror-security bookworm-security main" \
  "deb $mirror bookworm-updates main"
"$engine" import --change 'CMD ["bash"]' "$tar" "$image" >/dev/null
echo "base: made $image ($(du -m "$tar" | cut -f1) MB)"
