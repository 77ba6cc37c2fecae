package dev.duet.engine.index;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * {@code _shrink}, {@code _split} or {@code _clone}: a new index {@code target} holding {@code
 * source}'s documents, mapping and settings, with {@code settings} (un-prefixed keys; a null value
 * keeps a source setting from being copied) and {@code aliases} of its own. {@code maxShardSize}
 * (shrink only, null when not asked) picks the shard count from the source's size.
 */
public record ResizeRequest(
    Type type,
    String source,
    String target,
    Map<String, String> settings,
    Map<String, AliasMetadata> aliases,
    String maxShardSize) {

  /** The three resize operations, by OpenSearch's names. */
  public enum Type {
    SHRINK,
    SPLIT,
    CLONE;

    /** {@code shrink}, {@code split}, {@code clone}: as descriptions and causes name them. */
    public String lowerName() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public ResizeRequest {
    requireNonNull(type, "type");
    requireNonNull(source, "source");
    requireNonNull(target, "target");
    settings =
        Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(settings, "settings")));
    aliases = aliases == null ? Map.of() : Map.copyOf(aliases);
  }

  /** The task description OpenSearch gives a resize: {@code shrink from [a] to [b]}. */
  public String description() {
    return type.lowerName() + " from [" + source + "] to [" + target + "]";
  }
}
