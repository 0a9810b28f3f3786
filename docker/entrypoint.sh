#!/usr/bin/env bash
# Starts one RelayMQ node from the image's exploded Spring Boot layers (/opt/relaymq/app); every setting
# comes from the environment (see broker/src/main/resources/application.yml).
set -euo pipefail
# shellcheck disable=SC2086 # JAVA_OPTS holds several options on purpose
exec java ${JAVA_OPTS:-} -cp /opt/relaymq/app org.springframework.boot.loader.launch.JarLauncher "$@"
