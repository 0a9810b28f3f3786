#!/bin/sh
# Forms the 6-node Valkey Cluster (3 masters with one replica each) unless it exists already. A cluster
# formed before whose containers came back with new addresses (recreated, or the network changed) still
# holds its slots and node ids: it is introduced to every node's current address (CLUSTER MEET), never
# created again over data.
set -eu
state() {
  valkey-cli -h valkey-node-0 cluster info | tr -d '\r' | sed -n "s/^$1:\(.*\)$/\1/p"
}
address() {
  getent hosts "valkey-node-$1" | awk '{print $1}'
}
if [ "$(state cluster_state)" = ok ]; then
  echo "Valkey Cluster already formed"
  exit 0
fi
if [ "$(state cluster_known_nodes)" -gt 1 ]; then
  echo "Valkey Cluster formed before but not ok: introducing the nodes at their current addresses"
  for i in 1 2 3 4 5; do
    valkey-cli -h valkey-node-0 cluster meet "$(address "$i")" 6379
  done
  for _ in $(seq 1 60); do
    if [ "$(state cluster_state)" = ok ]; then
      echo "Valkey Cluster ok again"
      exit 0
    fi
    sleep 1
  done
  echo "Valkey Cluster still not ok after 60 s: see the valkey-node logs" >&2
  exit 1
fi
nodes=""
for i in 0 1 2 3 4 5; do
  nodes="$nodes $(address "$i"):6379"
done
# shellcheck disable=SC2086 # one argument per node
valkey-cli --cluster create $nodes --cluster-replicas 1 --cluster-yes
