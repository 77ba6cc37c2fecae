/**
 * The node's bounded executors, OpenSearch's {@code search} and {@code write} thread pools, which
 * refuse work past their queues with 429 {@code rejected_execution_exception} (RESOURCE_EXHAUSTED
 * on gRPC) rather than queueing without bound. Starting points: {@link
 * dev.duet.server.pool.WorkPools} (which operation runs where) and {@link
 * dev.duet.server.pool.WorkPool} (admission and the hand-off).
 */
package dev.duet.server.pool;
