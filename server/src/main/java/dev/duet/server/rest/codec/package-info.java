/**
 * JSON ⇄ the engine's model, streamed with Jackson: no intermediate trees on the hot paths (bulk,
 * search); document sources pass through as raw bytes.
 *
 * <p>Starting points: {@link dev.duet.server.rest.codec.BulkRequestDecoder}, {@link
 * dev.duet.server.rest.codec.SearchRequestDecoder} with {@link
 * dev.duet.server.rest.codec.QueryDecoder}, {@link
 * dev.duet.server.rest.codec.SearchResponseEncoder} and {@link
 * dev.duet.server.rest.codec.ErrorEncoder}.
 */
package dev.duet.server.rest.codec;
