/**
 * A Duet node: configuration and bootstrap.
 *
 * <p>Starting points: {@link dev.duet.server.DuetNode} (one engine; REST on an Armeria server, gRPC
 * on grpc-java's Netty server), {@link dev.duet.server.NodeConfig} (settings with OpenSearch's
 * names) and {@link dev.duet.server.NodeSettingsFile} (the optional config file).
 */
package dev.duet.server;
