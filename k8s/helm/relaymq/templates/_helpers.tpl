{{/* Name of the release's objects. */}}
{{- define "relaymq.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "relaymq.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "relaymq.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: broker
{{- end -}}

{{- define "relaymq.secretName" -}}
{{- printf "%s-secrets" (include "relaymq.fullname" .) -}}
{{- end -}}

{{/* Endpoints: the configured ones, or the in-cluster dev dependencies. */}}
{{- define "relaymq.kafkaBootstrap" -}}
{{- if .Values.dev.enabled -}}
{{- printf "%s-kafka:9092" (include "relaymq.fullname" .) -}}
{{- else -}}
{{- required "kafka.bootstrapServers is required (or dev.enabled=true)" .Values.kafka.bootstrapServers -}}
{{- end -}}
{{- end -}}

{{- define "relaymq.redisNodes" -}}
{{- if and .Values.dev.enabled (ne .Values.redis.connectionType "cluster") -}}
{{- fail "dev.enabled starts a Valkey Cluster: redis.connectionType must be cluster" -}}
{{- end -}}
{{- if .Values.dev.enabled -}}
{{- $name := include "relaymq.fullname" . -}}
{{- range $i, $e := until 6 -}}{{ if $i }},{{ end }}{{ printf "%s-valkey-%d.%s-valkey:6379" $name $i $name }}{{- end -}}
{{- else -}}
{{- required "redis.nodes is required (or dev.enabled=true)" .Values.redis.nodes -}}
{{- end -}}
{{- end -}}

{{- define "relaymq.postgresUrl" -}}
{{- if .Values.dev.enabled -}}
{{- printf "jdbc:postgresql://%s-postgres:5432/relaymq" (include "relaymq.fullname" .) -}}
{{- else -}}
{{- required "postgresql.url is required (or dev.enabled=true)" .Values.postgresql.url -}}
{{- end -}}
{{- end -}}

{{/* No public registry carries RelayMQ's image: it is built from docker/Dockerfile and pushed by the user. */}}
{{- define "relaymq.image" -}}
{{- $repository := required "image.repository is required: build docker/Dockerfile and push the image to your registry (README: Deploy on Kubernetes / EKS)" .Values.image.repository -}}
{{- printf "%s:%s" $repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}

{{- define "relaymq.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "relaymq.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}
