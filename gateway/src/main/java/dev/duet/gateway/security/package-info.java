/**
 * Who is calling and what they may touch: {@link dev.duet.gateway.security.Authenticator} (API
 * keys, JWT), {@link dev.duet.gateway.security.Authorizer} (actions and index patterns per tenant)
 * and {@link dev.duet.gateway.peek.IndexPatterns} (pattern containment).
 */
package dev.duet.gateway.security;
