package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.IndicesOptions;
import java.util.List;
import java.util.Map;

/**
 * Changes to existing indices' metadata: {@code PUT /{index}/_mapping}, {@code PUT
 * /{index}/_settings} and the alias actions ({@code POST /_aliases}, {@code PUT|DELETE
 * /{index}/_alias/{name}}). Shared by every transport.
 */
public final class IndexMetadataAction {
  private final Engine engine;

  public IndexMetadataAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public void putMapping(String expression, IndicesOptions options, Map<String, Object> mapping) {
    engine.putMapping(expression, options, mapping);
  }

  /** {@code null} values reset a setting to its default. */
  public void updateSettings(
      String expression, IndicesOptions options, Map<String, String> settings) {
    engine.updateSettings(expression, options, settings);
  }

  /** As above; with {@code preserveExisting} only settings an index lacks are added. */
  public void updateSettings(
      String expression,
      IndicesOptions options,
      Map<String, String> settings,
      boolean preserveExisting) {
    engine.updateSettings(expression, options, settings, preserveExisting);
  }

  public void updateAliases(List<AliasAction> actions) {
    engine.updateAliases(actions);
  }

  /** Deletes every index the expression names (never through an alias). */
  public void deleteIndices(String expression, IndicesOptions options) {
    engine.deleteIndices(expression, options);
  }
}
