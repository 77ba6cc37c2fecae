/**
 * OpenSearch's {@code filter_path}: the response-body filter every REST route honours, applied
 * once, in {@code rest.RestService}, by streaming the rendered JSON through Jackson's {@link
 * com.fasterxml.jackson.core.filter.FilteringGeneratorDelegate}.
 *
 * <p>Starting points: {@link dev.duet.server.rest.filter.ResponseFilter} (the parameter and the
 * copy), {@link dev.duet.server.rest.filter.FilterPath} (one dotted path and its wildcards) and
 * {@link dev.duet.server.rest.filter.FilterPathFilter} (the paths as a Jackson token filter).
 */
package dev.duet.server.rest.filter;
