/**
 * Circuit breakers, OpenSearch's {@code request} and {@code in_flight_requests} under their parent:
 * memory a request would hold is reserved before it is allocated, and a reservation past a limit
 * fails with 429 {@code circuit_breaking_exception} instead of filling the heap. Starting points:
 * {@link dev.duet.engine.breaker.CircuitBreakers} (the node's breakers and limits) and {@link
 * dev.duet.engine.breaker.RequestMemory} (one search's account, where aggregations and the fetch
 * phase reserve).
 */
package dev.duet.engine.breaker;
