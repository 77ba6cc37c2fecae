/**
 * The gateway's config: {@link dev.duet.gateway.config.GatewayConfig} (listeners, limits, JWT,
 * clusters, tenants, routes), read from YAML by {@link dev.duet.gateway.config.GatewayConfigFile}
 * and watched for changes by {@link dev.duet.gateway.config.ConfigWatcher}.
 */
package dev.duet.gateway.config;
