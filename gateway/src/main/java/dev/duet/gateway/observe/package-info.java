/**
 * What the gateway tells operators: {@link dev.duet.gateway.observe.GatewayMetrics} (Prometheus),
 * {@link dev.duet.gateway.observe.AccessLog} (one JSON line per call, to standard output, standard
 * error or a file) and {@link dev.duet.gateway.observe.TraceParent} (W3C trace context).
 */
package dev.duet.gateway.observe;
