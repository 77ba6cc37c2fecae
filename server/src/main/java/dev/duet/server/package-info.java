/**
 * A Duet node: configuration and bootstrap.
 *
 * <p>Starting points: {@link dev.duet.server.DuetNode} (one engine, REST and gRPC listeners on one
 * Armeria server, port-based virtual hosts), {@link dev.duet.server.NodeConfig} (settings with
 * OpenSearch's names) and {@link dev.duet.server.NodeSettingsFile} (the optional config file).
 */
package dev.duet.server;
