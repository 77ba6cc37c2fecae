package dev.duet.engine.internal.snapshot;

import dev.duet.engine.mapping.Patterns;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Which of some names a request's names select: a comma list of names and wildcards, {@code _all}
 * or {@code *} (or nothing) for all. A plain name none has goes to {@code missing}.
 */
final class Names {
  private Names() {}

  static List<String> select(String names, Collection<String> available, Consumer<String> missing) {
    List<String> parts = split(names);
    if (parts.isEmpty() || parts.contains("_all") || parts.contains("*")) {
      return List.copyOf(available);
    }
    Set<String> out = new LinkedHashSet<>();
    for (String part : parts) {
      if (part.contains("*")) {
        for (String name : available) {
          if (Patterns.matches(part, name)) {
            out.add(name);
          }
        }
      } else if (available.contains(part)) {
        out.add(part);
      } else {
        missing.accept(part);
      }
    }
    return new ArrayList<>(out);
  }

  static List<String> split(String names) {
    List<String> out = new ArrayList<>();
    if (names == null) {
      return out;
    }
    for (String part : names.split(",")) {
      if (!part.isBlank()) {
        out.add(part.strip());
      }
    }
    return out;
  }
}
