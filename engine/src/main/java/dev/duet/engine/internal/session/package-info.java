/**
 * Scrolls and points in time: searches over readers held between requests, with keep-alives and
 * limits. Starting points: {@code NodeSearch} (the node's search calls), {@link
 * dev.duet.engine.internal.session.SearchSessions}, {@code ReaderLease} (the fixed searchers a
 * session searches), {@code ScrollCursor}.
 */
package dev.duet.engine.internal.session;
