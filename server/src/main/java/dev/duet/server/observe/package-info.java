/**
 * "What the node tells operators": {@link dev.duet.server.observe.NodeMeters}, the node's
 * Micrometer registry scraped by Prometheus at {@code /_prometheus/metrics} on the REST port.
 */
package dev.duet.server.observe;
