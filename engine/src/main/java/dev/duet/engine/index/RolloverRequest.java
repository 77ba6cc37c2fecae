package dev.duet.engine.index;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.mapping.Mapping;
import java.util.Map;

/**
 * {@code POST /{alias}/_rollover[/{new_index}]}: when one of the {@link Conditions} holds for the
 * alias's write index (or there are none), create {@code newIndex} (null: the next name of the
 * {@code -000001} series) with these settings, mapping and aliases, and move the alias to it.
 * {@code dryRun} only evaluates.
 */
public record RolloverRequest(
    String alias,
    String newIndex,
    Conditions conditions,
    boolean dryRun,
    IndexSettings settings,
    Mapping mapping,
    Map<String, AliasMetadata> aliases) {

  public RolloverRequest {
    requireNonNull(alias, "alias");
    requireNonNull(conditions, "conditions");
    settings = settings == null ? IndexSettings.DEFAULTS : settings;
    mapping = mapping == null ? Mapping.EMPTY : mapping;
    aliases = aliases == null ? Map.of() : Map.copyOf(aliases);
  }

  /**
   * The conditions, each null when not asked: {@code max_age} (since the index's creation), {@code
   * max_docs} (live documents) and {@code max_size} (the documents' bytes), as given.
   */
  public record Conditions(String maxAge, Long maxDocs, String maxSize) {
    public static final Conditions NONE = new Conditions(null, null, null);

    public Conditions {
      if (maxAge != null) {
        TimeValues.parseMillis(maxAge, "max_age");
      }
    }

    public boolean isEmpty() {
      return maxAge == null && maxDocs == null && maxSize == null;
    }
  }
}
