package dev.duet.server.fuzz;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import net.jqwik.api.Arbitrary;

/**
 * Builds each grammar rule's arbitrary once: jqwik re-evaluates {@code Arbitraries.lazy} on every
 * draw, and rebuilding the query grammar per request cost more than sending it.
 */
final class Memo {
  private static final Map<String, Arbitrary<?>> RULES = new HashMap<>();

  private Memo() {}

  @SuppressWarnings("unchecked")
  static synchronized <T> Arbitrary<T> of(String rule, Supplier<Arbitrary<T>> build) {
    Arbitrary<?> known = RULES.get(rule);
    if (known == null) {
      // Not computeIfAbsent: building a rule builds the rules it uses, which updates the map.
      known = build.get();
      RULES.put(rule, known);
    }
    return (Arbitrary<T>) known;
  }
}
