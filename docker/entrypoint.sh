#!/usr/bin/env bash
# Starts one RelayMQ node; every setting comes from the environment (see broker/src/main/resources/application.yml).
set -euo pipefail
# shellcheck disable=SC2086 # JAVA_OPTS holds several options on purpose
exec java ${JAVA_OPTS:-} -jar /opt/relaymq/relaymq-broker.jar "$@"
