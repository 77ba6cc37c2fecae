package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;

/**
 * The one handler for searches, called by REST {@code _search} and gRPC {@code
 * SearchService/Search} after decoding into a {@link SearchRequest}.
 */
public final class SearchAction {
  private final Engine engine;

  public SearchAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public SearchResponse execute(SearchRequest request) {
    return engine.search(request);
  }
}
