package dev.duet.server.rest;

import dev.duet.engine.index.IndicesOptions;

/**
 * Reads OpenSearch's index expression parameters ({@code ignore_unavailable}, {@code
 * allow_no_indices}, {@code expand_wildcards}) of a REST call.
 */
final class RestIndicesOptions {
  private RestIndicesOptions() {}

  static IndicesOptions of(RestRequest request) {
    return of(request, IndicesOptions.DEFAULTS);
  }

  static IndicesOptions of(RestRequest request, IndicesOptions defaults) {
    return IndicesOptions.of(
        defaults,
        flag(request, "ignore_unavailable"),
        flag(request, "allow_no_indices"),
        request.param("expand_wildcards"));
  }

  private static Boolean flag(RestRequest request, String name) {
    return request.hasParam(name) ? request.paramAsBoolean(name, false) : null;
  }
}
