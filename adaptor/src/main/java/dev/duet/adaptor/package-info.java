/**
 * The gateway's adaptor mode: gRPC {@code DocumentService/Bulk} and {@code SearchService/Search}
 * calls translated to OpenSearch REST for clusters that speak only REST, and the REST answers
 * translated back. The protobuf side is the node's own codec ({@code
 * dev.duet.server.grpc.ProtoCodec}), so what the node refuses is refused here alike; this package
 * holds only what the node never needs: the model written as REST requests and REST answers read
 * into the model. It plugs into the gateway as its {@link dev.duet.gateway.upstream.Adaptor}
 * (registered for {@link java.util.ServiceLoader}), so that the gateway itself carries neither the
 * node nor Lucene.
 *
 * <p>Starting points: {@link dev.duet.adaptor.AdaptorUpstream}, {@link
 * dev.duet.adaptor.SearchRequestJson}, {@link dev.duet.adaptor.SearchResponseJson}.
 */
package dev.duet.adaptor;
