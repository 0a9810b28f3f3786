#!/usr/bin/env bash
# Installs (once) the tools the deployment checks need and prints the folder that holds them:
#   helm (go install, ~3 min the first time), kubernetes-validate (pip, offline Kubernetes schemas),
#   docker-compose v1 (Debian package; validates compose files without a Docker engine).
# The folder is ${RELAYMQ_TOOLS_DIR:-$HOME/.cache/relaymq-tools}; later runs reuse it.
set -euo pipefail
HELM_VERSION=v3.22.0
KUBERNETES_VALIDATE_VERSION=1.37.0
dir="${RELAYMQ_TOOLS_DIR:-$HOME/.cache/relaymq-tools}"
mkdir -p "$dir/bin"

if [ ! -x "$dir/bin/helm" ]; then
  command -v go > /dev/null || { echo "go is needed to install helm" >&2; exit 2; }
  echo "installing helm $HELM_VERSION into $dir/bin" >&2
  GOBIN="$dir/bin" GOFLAGS=-mod=mod go install "helm.sh/helm/v3/cmd/helm@$HELM_VERSION" >&2
fi

if [ ! -x "$dir/venv/bin/kubernetes-validate" ]; then
  echo "installing kubernetes-validate $KUBERNETES_VALIDATE_VERSION into $dir/venv" >&2
  python3 -m venv "$dir/venv" >&2
  "$dir/venv/bin/pip" install --quiet "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION" >&2
fi
ln -sf "$dir/venv/bin/kubernetes-validate" "$dir/bin/kubernetes-validate"

if ! command -v docker-compose > /dev/null && [ ! -x "$dir/bin/docker-compose" ]; then
  echo "installing docker-compose (Debian package)" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo -n"; fi
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq docker-compose >&2
fi
if command -v docker-compose > /dev/null; then
  ln -sf "$(command -v docker-compose)" "$dir/bin/docker-compose"
fi
echo "$dir/bin"
