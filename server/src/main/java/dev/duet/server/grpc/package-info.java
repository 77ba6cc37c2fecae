/**
 * The gRPC transport: OpenSearch's {@code org.opensearch.protobufs} 1.6.0 services over Armeria,
 * wire-compatible with OpenSearch 3.8's transport-grpc, decoding into the same request model as
 * REST and calling the same action handlers.
 *
 * <p>Starting points: {@link dev.duet.server.grpc.GrpcTransport} (the service a node binds), {@link
 * dev.duet.server.grpc.DocumentRpcs} and {@link dev.duet.server.grpc.SearchRpcs} (one method per
 * RPC), {@link dev.duet.server.grpc.GrpcErrors} (failures to gRPC statuses). Decoders ({@code
 * *Decoder}) turn protos into the model; encoders ({@code *Encoder}) turn the model into protos,
 * field by field as OpenSearch fills them.
 *
 * <p>Beside them, Duet's own {@code duet.*} services generated from api/openapi by protogen ({@link
 * dev.duet.server.grpc.IndicesRpcs}, {@link dev.duet.server.grpc.CountRpcs}): their request bodies
 * become REST JSON through {@link dev.duet.server.grpc.RestBodies} and go through REST's decoders,
 * so each rule is written once.
 */
package dev.duet.server.grpc;
