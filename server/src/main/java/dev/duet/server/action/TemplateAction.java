package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.index.IndexTemplate;
import java.util.List;

/**
 * Templates ({@code _template}, {@code _index_template}, {@code _component_template}) and the
 * simulate APIs. Shared by every transport; each operation is one engine call.
 */
public final class TemplateAction {
  private final Engine engine;

  public TemplateAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  public void put(IndexTemplate template, boolean create) {
    engine.putTemplate(template, create);
  }

  public List<IndexTemplate> get(IndexTemplate.Kind kind, String names) {
    return engine.templates(kind, names);
  }

  public void delete(IndexTemplate.Kind kind, String names) {
    engine.deleteTemplates(kind, names);
  }

  /** {@code _index_template/_simulate_index/{index}}; {@code candidate} may be null. */
  public IndexTemplate.Resolved simulateIndex(String index, IndexTemplate candidate) {
    return engine.simulateIndex(index, candidate);
  }

  /** {@code _index_template/_simulate}: a stored or given composable template's composition. */
  public IndexTemplate.Resolved simulateTemplate(IndexTemplate template) {
    return engine.simulateTemplate(template);
  }
}
