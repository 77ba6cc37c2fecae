/**
 * The two listeners, both on plain Netty: {@link dev.duet.gateway.proxy.RestListener} (HTTP/1.1)
 * and {@link dev.duet.gateway.proxy.GrpcListener} (HTTP/2, its rules in {@link
 * dev.duet.gateway.proxy.GrpcProxy}), both running every request through {@link
 * dev.duet.gateway.proxy.Admission} before forwarding it untouched.
 */
package dev.duet.gateway.proxy;
