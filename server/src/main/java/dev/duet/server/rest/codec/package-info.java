/**
 * JSON ⇄ the engine's model, streamed with Jackson: no intermediate trees on the hot paths (bulk,
 * search); document sources pass through as raw bytes. A decoder maps JSON onto the model and
 * refuses only what is JSON-shaped (a token of the wrong kind, an unknown key); the rules of a
 * request live in the model's records, whose refusals a decoder places at the parser's token
 * ({@code QueryErrors.at}) where OpenSearch's parser reports a line and column.
 *
 * <p>Starting points: {@link dev.duet.server.rest.codec.BulkRequestDecoder}, {@link
 * dev.duet.server.rest.codec.SearchRequestDecoder} with {@link
 * dev.duet.server.rest.codec.QueryDecoder}, {@link
 * dev.duet.server.rest.codec.SearchResponseEncoder} and {@link
 * dev.duet.server.rest.codec.ErrorEncoder}.
 */
package dev.duet.server.rest.codec;
