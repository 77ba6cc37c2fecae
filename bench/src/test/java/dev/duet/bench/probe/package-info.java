/**
 * Developer probes that measure what one request costs a real in-process node (server CPU and bytes
 * allocated per call, REST vs gRPC) with the bench's own clients; run by hand, never by the suite.
 */
package dev.duet.bench.probe;
