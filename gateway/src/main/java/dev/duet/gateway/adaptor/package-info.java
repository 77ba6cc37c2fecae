/**
 * Adaptor mode: gRPC {@code DocumentService/Bulk} and {@code SearchService/Search} calls translated
 * to OpenSearch REST for clusters that speak only REST, and the REST answers translated back. The
 * protobuf side is the node's own codec ({@code dev.duet.server.grpc.ProtoCodec}); this package
 * holds only what the node never needs: the model written as REST requests and REST answers read
 * into the model.
 *
 * <p>Starting points: {@link dev.duet.gateway.adaptor.AdaptorUpstream}, {@link
 * dev.duet.gateway.adaptor.SearchRequestJson}, {@link dev.duet.gateway.adaptor.SearchResponseJson}.
 */
package dev.duet.gateway.adaptor;
