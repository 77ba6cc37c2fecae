/**
 * The action handlers both transports call after decoding their wire format into the engine's
 * model: one handler per operation, so a request means the same thing on either port. The
 * transports reach the engine only through them. An operation that is one engine call is a method
 * of the action of its area ({@code IndexAdminAction}: create, delete, refresh, flush, stats,
 * segments; {@code IndicesAction}: the read views, mappings and {@code _analyze}) rather than a
 * class of its own.
 *
 * <p>Starting points: {@link dev.duet.server.action.Actions} (all handlers of a node), {@link
 * dev.duet.server.action.BulkAction} and {@link dev.duet.server.action.SearchAction}.
 */
package dev.duet.server.action;
