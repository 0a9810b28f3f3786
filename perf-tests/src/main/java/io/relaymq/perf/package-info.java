/**
 * RelayMQ load generator and benchmark scenarios. The scenarios and the runner arrive with the
 * perf-tests issue; they will measure messages per server CPU-second next to throughput and latency.
 */
package io.relaymq.perf;
