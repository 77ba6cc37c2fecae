/**
 * Who is calling and what they may touch: {@link dev.duet.gateway.security.Authenticator} (API
 * keys, JWT), {@link dev.duet.gateway.security.Authorizer} (actions and index patterns per tenant,
 * matched by {@link dev.duet.gateway.peek.IndexPatterns}).
 */
package dev.duet.gateway.security;
