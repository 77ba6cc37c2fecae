/**
 * The clusters behind the gateway: {@link dev.duet.gateway.upstream.UpstreamCluster} (health
 * checks, load-balanced REST and gRPC clients) and {@link dev.duet.gateway.upstream.Router} (tenant
 * and index pattern to cluster); {@link dev.duet.gateway.upstream.Adaptor} is how a cluster in
 * adaptor mode answers gRPC (implemented by module {@code adaptor/}, found with {@code
 * ServiceLoader}).
 */
package dev.duet.gateway.upstream;
