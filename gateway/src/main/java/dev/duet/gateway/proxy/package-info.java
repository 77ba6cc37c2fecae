/**
 * The two listeners: {@link dev.duet.gateway.proxy.RestProxyService} and {@link
 * dev.duet.gateway.proxy.GrpcProxyService}, both running every request through {@link
 * dev.duet.gateway.proxy.Admission} before forwarding it untouched.
 */
package dev.duet.gateway.proxy;
