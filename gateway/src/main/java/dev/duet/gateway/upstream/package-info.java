/**
 * The clusters behind the gateway: {@link dev.duet.gateway.upstream.UpstreamCluster} (health
 * checks, load-balanced REST and gRPC clients) and {@link dev.duet.gateway.upstream.Router} (tenant
 * and index pattern to cluster).
 */
package dev.duet.gateway.upstream;
