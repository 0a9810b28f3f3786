#!/usr/bin/env bash
# Validates the deployment files without a cluster or a Docker engine:
#   helm lint + helm template of the chart for the default, EKS and dev values (and the standalone and
#   sentinel Redis connection types), every rendered
#   manifest checked against the Kubernetes schemas offline, and the compose file checked.
# Usage: k8s/checks/validate.sh [output folder]   (exit 0 when everything is valid)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-$root/k8s/checks/target}"
chart="$root/k8s/helm/relaymq"
k8s_version="${KUBERNETES_VERSION:-1.34.0}"
mkdir -p "$out"
bin="$("$root/k8s/checks/tools.sh")"
export PATH="$bin:$PATH"

# What a production user must set (see README "Deploy on Kubernetes / EKS").
endpoints=(--set image.repository=registry.example/relaymq --set kafka.bootstrapServers=kafka:9092
           --set redis.nodes=redis:6379 --set postgresql.url=jdbc:postgresql://postgres:5432/relaymq)

echo "== helm lint"
helm lint --strict "$chart" "${endpoints[@]}"
helm lint --strict "$chart" -f "$chart/values-eks.yaml"
helm lint --strict "$chart" -f "$chart/values-dev.yaml"
helm lint --strict "$chart" -f "$chart/values-eks.yaml" -f "$chart/values-eks-msk-iam.yaml"

echo "== helm template"
helm template relaymq "$chart" "${endpoints[@]}" > "$out/default.yaml"
helm template relaymq "$chart" -f "$chart/values-eks.yaml" > "$out/eks.yaml"
helm template relaymq "$chart" -f "$chart/values-dev.yaml" > "$out/dev.yaml"
helm template relaymq "$chart" -f "$chart/values-eks.yaml" -f "$chart/values-eks-msk-iam.yaml" > "$out/eks-msk-iam.yaml"
helm template relaymq "$chart" "${endpoints[@]}" --set autoscaling.enabled=true --set grafanaDashboard.enabled=true \
  --set tls.enabled=true --set tls.secretName=relaymq-tls --set tls.clientAuth=optional \
  --set 'serviceAccount.annotations.eks\.amazonaws\.com/role-arn=arn:aws:iam::123456789012:role/relaymq' \
  --set 'extraEnvVars[0].name=MQTT_AUTH_JWT_SECRET' \
  --set 'extraEnvVars[0].valueFrom.secretKeyRef.name=relaymq-jwt' \
  --set 'extraEnvVars[0].valueFrom.secretKeyRef.key=secret' \
  --set 'extraEnvFrom[0].secretRef.name=relaymq-extra' > "$out/features.yaml"
helm template relaymq "$chart" "${endpoints[@]}" --set serviceMonitor.enabled=true --show-only templates/servicemonitor.yaml \
  > "$out/servicemonitor.yaml"
grep -q "kind: ServiceMonitor" "$out/servicemonitor.yaml"
# config and kafka.clientConfig both set: they must end up in one relaymq: key (DeploymentManifestsIT parses it)
helm template relaymq "$chart" "${endpoints[@]}" --show-only templates/configmap.yaml \
  --set config.relaymq.kafka.msg-all.partitions=24 --set config.relaymq.mqtt.max-inflight-outbound=500 \
  --set kafka.clientConfig.security\\.protocol=SSL > "$out/configmap-merged.yaml"

# TLS terminated at the NLB with an ACM certificate: 8883 on the Service reaches the nodes' plain MQTT port
helm template relaymq "$chart" -f "$chart/values-eks.yaml" --set service.mqtt.tlsTermination.enabled=true \
  --set-string 'service.mqtt.annotations.service\.beta\.kubernetes\.io/aws-load-balancer-ssl-ports=8883' \
  --show-only templates/services.yaml > "$out/eks-acm.yaml"

# the other Redis connection types: ElastiCache with cluster mode disabled (standalone), and Redis Sentinel
helm template relaymq "$chart" "${endpoints[@]}" --set redis.connectionType=standalone --set redis.database=2 \
  --set redis.tls.enabled=true > "$out/redis-standalone.yaml"
helm template relaymq "$chart" --set image.repository=registry.example/relaymq --set kafka.bootstrapServers=kafka:9092 \
  --set postgresql.url=jdbc:postgresql://postgres:5432/relaymq --set redis.connectionType=sentinel \
  --set 'redis.sentinel.nodes=sentinel-0:26379\,sentinel-1:26379' --set redis.sentinel.master=mymaster \
  --set redis.sentinel.password=s3cret > "$out/redis-sentinel.yaml"

echo "== missing endpoints and image are refused with a message"
if helm template relaymq "$chart" --set image.repository=registry.example/relaymq > "$out/missing.txt" 2>&1; then
  echo "rendering without kafka.bootstrapServers must fail" >&2
  exit 1
fi
grep -q "kafka.bootstrapServers is required" "$out/missing.txt"
if helm template relaymq "$chart" --set kafka.bootstrapServers=kafka:9092 --set redis.nodes=redis:6379 \
    --set postgresql.url=jdbc:postgresql://postgres:5432/relaymq > "$out/missing-image.txt" 2>&1; then
  echo "rendering without image.repository must fail" >&2
  exit 1
fi
grep -q "image.repository is required" "$out/missing-image.txt"

if helm template relaymq "$chart" "${endpoints[@]}" --set redis.connectionType=sentinel > "$out/missing-sentinels.txt" 2>&1; then
  echo "rendering sentinel without redis.sentinel.nodes must fail" >&2
  exit 1
fi
grep -q "redis.sentinel.nodes is required" "$out/missing-sentinels.txt"
if helm template relaymq "$chart" -f "$chart/values-dev.yaml" --set redis.connectionType=standalone > "$out/dev-standalone.txt" 2>&1; then
  echo "dev values start a Valkey Cluster: another redis.connectionType must fail" >&2
  exit 1
fi
grep -q "redis.connectionType must be cluster" "$out/dev-standalone.txt"

echo "== values.schema.json refuses a misspelt or out-of-range value"
if helm template relaymq "$chart" "${endpoints[@]}" --set replicaCounts=3 > "$out/typo.txt" 2>&1; then
  echo "the chart accepted an unknown value (replicaCounts)" >&2
  exit 1
fi
grep -q "replicaCounts" "$out/typo.txt"
if helm template relaymq "$chart" "${endpoints[@]}" --set tls.clientAuth=maybe > "$out/enum.txt" 2>&1; then
  echo "the chart accepted tls.clientAuth=maybe" >&2
  exit 1
fi
if helm template relaymq "$chart" "${endpoints[@]}" --set redis.connectionType=replicated > "$out/redis-enum.txt" 2>&1; then
  echo "the chart accepted redis.connectionType=replicated" >&2
  exit 1
fi

echo "== the validators catch mistakes (a broken manifest and a broken compose file must fail)"
sed 's/^  replicas:/  replicasX:/' "$out/default.yaml" > "$out/broken.yaml"
if kubernetes-validate -k "$k8s_version" --strict "$out/broken.yaml" > "$out/broken.txt" 2>&1; then
  echo "kubernetes-validate accepted an unknown field" >&2
  exit 1
fi
printf 'services:\n  x:\n    image: a\n    portz: ["1:1"]\n' > "$out/broken-compose.yml"
if docker-compose -f "$out/broken-compose.yml" config -q > "$out/broken-compose.txt" 2>&1; then
  echo "docker-compose accepted an unknown key" >&2
  exit 1
fi

echo "== Kubernetes $k8s_version schemas (strict)"
for f in default eks eks-msk-iam dev features redis-standalone redis-sentinel; do
  kubernetes-validate -k "$k8s_version" --strict "$out/$f.yaml"
done

echo "== docker compose file"
(cd "$root/docker" && docker-compose -f docker-compose.yml config -q)
(cd "$root/docker" && docker-compose -f docker-compose.yml --profile monitoring config --services) > "$out/compose-services.txt"
grep -qx "grafana" "$out/compose-services.txt"

echo "== Grafana dashboard is valid JSON"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["panels"], "no panels"' "$chart/dashboards/relaymq.json"
echo "all deployment checks passed"
