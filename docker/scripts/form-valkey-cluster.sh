#!/bin/sh
# Forms the 6-node Valkey Cluster (3 masters with one replica each) unless it exists already.
set -eu
if valkey-cli -h valkey-node-0 cluster info | grep -q '^cluster_state:ok'; then
  echo "Valkey Cluster already formed"
  exit 0
fi
nodes=""
for i in 0 1 2 3 4 5; do
  ip=$(getent hosts "valkey-node-$i" | awk '{print $1}')
  nodes="$nodes $ip:6379"
done
# shellcheck disable=SC2086 # one argument per node
valkey-cli --cluster create $nodes --cluster-replicas 1 --cluster-yes
