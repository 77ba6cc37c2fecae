/**
 * The two listeners: {@link dev.duet.gateway.proxy.RestProxyService} (an Armeria service) and
 * {@link dev.duet.gateway.proxy.GrpcListener} (plain Netty HTTP/2, its rules in {@link
 * dev.duet.gateway.proxy.GrpcProxy}), both running every request through {@link
 * dev.duet.gateway.proxy.Admission} before forwarding it untouched.
 */
package dev.duet.gateway.proxy;
