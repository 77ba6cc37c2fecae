package dev.duet.gateway.proxy;

import dev.duet.gateway.config.GatewayConfig;
import dev.duet.gateway.security.Authenticator;
import dev.duet.gateway.upstream.Router;

/** One generation of the hot-reloadable config, with what is built from it. */
record Policy(GatewayConfig config, Authenticator authenticator, Router router) {
  static Policy of(GatewayConfig config) {
    return new Policy(config, new Authenticator(config), new Router(config));
  }
}
