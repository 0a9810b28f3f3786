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

{{- define "relaymq.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
