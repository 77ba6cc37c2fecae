/**
 * The OpenSearch REST API over HTTP: routing, handlers per endpoint group, and errors in
 * OpenSearch's shape. Handlers decode with {@link dev.duet.server.rest.codec}, call the shared
 * {@link dev.duet.server.action.Actions} and never the engine directly.
 *
 * <p>Starting points: {@link dev.duet.server.rest.RestRoutes} (every path served), {@link
 * dev.duet.server.rest.RestService} (the Armeria service: aggregate, route, run off the event loop,
 * render failures) and {@link dev.duet.server.rest.RestRouter} (OpenSearch's path matching, 400 and
 * 405 answers). {@link dev.duet.common.FlushHeadWithBody} keeps a small answer's head and body in
 * one socket write.
 */
package dev.duet.server.rest;
