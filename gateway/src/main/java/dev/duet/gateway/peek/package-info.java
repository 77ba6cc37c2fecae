/**
 * What a request does, read without decoding it: {@link dev.duet.gateway.peek.GrpcPeeker} (protobuf
 * bytes), {@link dev.duet.gateway.peek.RestPeeker} (path, bulk and msearch lines), both producing
 * an {@link dev.duet.gateway.peek.Operation}; {@link dev.duet.gateway.peek.IndexPatterns}: the
 * index expressions an operation names, and what a tenant's or a route's pattern covers.
 */
package dev.duet.gateway.peek;
