/**
 * The same operations over both protocols: {@link dev.duet.bench.client.BenchClient}, implemented
 * by {@link dev.duet.bench.client.RestBenchClient} (httpclient5, NDJSON/JSON built by {@link
 * dev.duet.bench.client.RestRequests}) and {@link dev.duet.bench.client.GrpcBenchClient}
 * (grpc-java, messages built by {@link dev.duet.bench.client.GrpcRequests}).
 */
package dev.duet.bench.client;
