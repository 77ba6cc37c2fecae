package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.util.Map;

/** Creates an index with its settings and mapping. Shared by every transport. */
public final class CreateIndexAction {
  private final Engine engine;

  public CreateIndexAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public IndexInfo execute(String index, IndexSettings settings, Mapping mapping) {
    return engine.createIndex(index, settings, mapping);
  }

  /** With aliases, by alias name. */
  public IndexInfo execute(
      String index, IndexSettings settings, Mapping mapping, Map<String, AliasMetadata> aliases) {
    return engine.createIndex(index, settings, mapping, aliases);
  }
}
