/**
 * The gateway's "no", at the bottom of its packages: {@link dev.duet.gateway.error.RequestRefused}
 * (an HTTP status and OpenSearch error type for REST, a gRPC status for gRPC, one refusal).
 */
package dev.duet.gateway.error;
