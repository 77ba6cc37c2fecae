/**
 * The Duet gateway: lets the right callers through, at the right rate, to the right cluster.
 *
 * <p>Starting points: {@link dev.duet.gateway.Gateway} (the three listeners and their wiring),
 * {@link dev.duet.gateway.proxy.Admission} (the rules every request passes, for both protocols) and
 * {@link dev.duet.gateway.peek.GrpcPeeker} (index names read from protobuf bytes without a decode).
 */
package dev.duet.gateway;
