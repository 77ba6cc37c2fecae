package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.search.SourceFilter;

/**
 * Realtime get of one document by id, with {@code _source} filtering. Shared by every transport.
 */
public final class GetAction {
  private final Engine engine;

  public GetAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public GetResult execute(String index, String id) {
    return engine.get(index, id);
  }

  /** The document with its source filtered; {@code filter} null means the whole source. */
  public GetResult execute(String index, String id, SourceFilter filter) {
    GetResult result = engine.get(index, id);
    if (filter == null || filter.isIdentity() || result.source() == null) {
      return result;
    }
    return new GetResult(
        result.index(),
        result.id(),
        result.found(),
        result.version(),
        result.seqNo(),
        result.primaryTerm(),
        filter.apply(result.source()));
  }
}
