package dev.duet.engine.index;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;

/**
 * One template of the node: a legacy {@code _template} (patterns, {@code order}), a composable
 * {@code _index_template} (patterns, {@code priority}, {@code composed_of}) or a {@code
 * _component_template} (no patterns). What an index created under it starts with: {@code settings}
 * (un-prefixed, as {@link IndexSettings}), {@code mappings} and {@code aliases}, each null when the
 * template does not give it.
 */
public record IndexTemplate(
    Kind kind,
    String name,
    List<String> indexPatterns,
    long order,
    Long priority,
    Long version,
    Map<String, Object> meta,
    List<String> composedOf,
    IndexSettings settings,
    Map<String, Object> mappings,
    Map<String, AliasMetadata> aliases) {

  /** The three families of templates, each with its own name space. */
  public enum Kind {
    LEGACY,
    COMPOSABLE,
    COMPONENT
  }

  public IndexTemplate {
    requireNonNull(kind, "kind");
    requireNonNull(name, "name");
    indexPatterns = indexPatterns == null ? List.of() : List.copyOf(indexPatterns);
    composedOf = composedOf == null ? List.of() : List.copyOf(composedOf);
  }

  /** The priority a composable template competes with: 0 when not given. */
  public long effectivePriority() {
    return priority == null ? 0 : priority;
  }

  /** Whether it says anything about the index it makes (settings, mappings or aliases). */
  public boolean hasTemplate() {
    return settings != null || mappings != null || aliases != null;
  }

  /**
   * What a new index would be made with: the settings, mappings and aliases composed from the
   * templates that apply, and the other templates that matched but lost.
   */
  public record Resolved(
      IndexSettings settings,
      Map<String, Object> mappings,
      Map<String, AliasMetadata> aliases,
      List<IndexTemplate> overlapping) {}
}
