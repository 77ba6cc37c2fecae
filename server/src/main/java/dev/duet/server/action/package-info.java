/**
 * The action handlers both transports call after decoding their wire format into the engine's
 * model: one handler per operation, so a request means the same thing on either port.
 *
 * <p>Starting points: {@link dev.duet.server.action.Actions} (all handlers of a node), {@link
 * dev.duet.server.action.BulkAction} and {@link dev.duet.server.action.SearchAction}.
 */
package dev.duet.server.action;
