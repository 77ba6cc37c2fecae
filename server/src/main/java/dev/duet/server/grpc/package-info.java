/**
 * The gRPC transport: OpenSearch's {@code org.opensearch.protobufs} 1.6.0 services on grpc-java's
 * Netty server, wire-compatible with OpenSearch 3.8's transport-grpc, decoding into the same
 * request model as REST and calling the same action handlers.
 *
 * <p>Starting points: {@link dev.duet.server.grpc.GrpcTransport} (the node's gRPC port), {@link
 * dev.duet.server.grpc.DocumentRpcs} and {@link dev.duet.server.grpc.SearchRpcs} (one method per
 * RPC), {@link dev.duet.server.grpc.GrpcErrors} (failures to gRPC statuses). Decoders ({@code
 * *Decoder}) turn protos into the model; encoders ({@code *Encoder}) turn the model into protos,
 * field by field as OpenSearch fills them. A decoder maps fields onto the model and refuses only
 * what is proto-shaped (a oneof left empty, an option the model has no room for); the rules of a
 * request live in the model's records, the same ones REST's decoders build.
 *
 * <p>Beside them, Duet's own {@code duet.*} services generated from api/openapi by protogen, one
 * class per service ({@link dev.duet.server.grpc.InfoRpcs}, {@link
 * dev.duet.server.grpc.ClusterRpcs}, {@link dev.duet.server.grpc.CatRpcs}, {@link
 * dev.duet.server.grpc.IndicesRpcs}, {@link dev.duet.server.grpc.DocumentsRpcs}, {@link
 * dev.duet.server.grpc.CountRpcs}). Most of their RPCs run as the REST operation they were
 * generated from ({@link dev.duet.server.grpc.RestOperations}): fields become path variables, query
 * parameters and a body ({@link dev.duet.server.grpc.RestBodies}), REST's router, handler and
 * action answer, and REST's JSON becomes the response message ({@link
 * dev.duet.server.grpc.ProtoBodies}), so each rule is written once. The options in
 * api/proto/duet/options.proto say how a message carries REST's JSON, both ways. The typed search
 * ({@link dev.duet.server.grpc.TypedSearches}) is the exception on the hot path: its query and
 * aggregations are decoded from their messages into the model, and its answer built from the
 * engine's response, without JSON for what it covers.
 */
package dev.duet.server.grpc;
