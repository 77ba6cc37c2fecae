package dev.duet.engine.internal.field;

import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.util.automaton.Automata;
import org.apache.lucene.util.automaton.Automaton;
import org.apache.lucene.util.automaton.Operations;

/**
 * Automata that match text in either case ({@code case_insensitive} on term, prefix and wildcard
 * queries), as OpenSearch's {@code AutomatonQueries} build them: each letter as its lower or upper
 * case form.
 */
public final class CaseInsensitive {
  private CaseInsensitive() {}

  /** {@code value} exactly, each letter in either case. */
  public static Automaton string(String value) {
    List<Automaton> chars = new ArrayList<>();
    value.codePoints().forEach(cp -> chars.add(character(cp)));
    return chars.isEmpty() ? Automata.makeEmptyString() : Operations.concatenate(chars);
  }

  /** Lucene's wildcard syntax ({@code *}, {@code ?}, {@code \} escapes), letters in either case. */
  public static Automaton wildcard(String wildcard) {
    List<Automaton> parts = new ArrayList<>();
    for (int i = 0; i < wildcard.length(); ) {
      int c = wildcard.codePointAt(i);
      i += Character.charCount(c);
      if (c == '*') {
        parts.add(Automata.makeAnyString());
      } else if (c == '?') {
        parts.add(Automata.makeAnyChar());
      } else {
        if (c == '\\' && i < wildcard.length()) {
          c = wildcard.codePointAt(i);
          i += Character.charCount(c);
        }
        parts.add(character(c));
      }
    }
    return parts.isEmpty() ? Automata.makeEmptyString() : Operations.concatenate(parts);
  }

  private static Automaton character(int cp) {
    int lower = Character.toLowerCase(cp);
    int upper = Character.toUpperCase(cp);
    return lower == upper
        ? Automata.makeChar(cp)
        : Operations.union(List.of(Automata.makeChar(lower), Automata.makeChar(upper)));
  }
}
