package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import org.apache.lucene.util.automaton.Automaton;
import org.apache.lucene.util.automaton.Operations;
import org.apache.lucene.util.automaton.RegExp;
import org.apache.lucene.util.automaton.TooComplexToDeterminizeException;

/**
 * The bounds on a request's regular expression before Lucene builds its automaton: {@code
 * index.max_regex_length}, a nesting depth Lucene's recursive parser survives, and an estimate of
 * the automaton's size refused when it is over the determinize work limit. Lucene builds {@code
 * a{2147483647}} or {@code a{1,1000}{1,1000}} state by state before any limit of its own applies
 * (OpenSearch 3.8 runs out of heap on the first), so the estimate is checked on the parsed tree,
 * which costs no more than the text.
 */
public final class RegexLimits {
  /** Deepest nesting of groups and complements: Lucene parses and builds them recursively. */
  static final int MAX_NESTING = 500;

  private RegexLimits() {}

  /**
   * 400 when {@code regex} is longer than {@code max}; {@code usedIn} names the request part in
   * OpenSearch's words ("the Regexp Query request", "the [query_string]", "the request").
   */
  public static void checkLength(String regex, int max, String usedIn) {
    if (regex.length() > max) {
      throw DuetException.illegalArgument(
          "The length of regex ["
              + regex.length()
              + "] used in "
              + usedIn
              + " has exceeded the allowed maximum of ["
              + max
              + "]. This maximum can be set by changing the [index.max_regex_length] index level"
              + " setting.");
    }
  }

  /**
   * The parsed regex, refused with 400 when it nests too deeply or its automaton would have more
   * states than {@code determinizeWorkLimit} allows (the work of determinizing is at least one step
   * per state).
   */
  public static RegExp parse(
      String regex, int syntaxFlags, int matchFlags, int determinizeWorkLimit) {
    int depth = nesting(regex);
    if (depth > MAX_NESTING) {
      throw DuetException.illegalArgument(
          "The regex nests groups or complements ["
              + depth
              + "] deep, more than the maximum of ["
              + MAX_NESTING
              + "]");
    }
    RegExp parsed;
    try {
      parsed = new RegExp(regex, syntaxFlags, matchFlags);
    } catch (StackOverflowError e) {
      // Lucene's parser recurses once per character of a concatenation: only a raised
      // index.max_regex_length gets here; the request, not the node, pays for it.
      throw DuetException.illegalArgument(
          "The regex is too long to parse: [" + regex.length() + "]");
    }
    long states = estimatedStates(parsed);
    if (states > determinizeWorkLimit) {
      throw tooComplex(
          "The regex ["
              + abbreviated(regex)
              + "] would build an automaton of about ["
              + states
              + "] states, more than the determinize work limit of ["
              + determinizeWorkLimit
              + "] allows");
    }
    return parsed;
  }

  /** A deterministic automaton of the regex for a terms aggregation's include/exclude. */
  public static Automaton deterministic(String regex, int maxLength) {
    checkLength(regex, maxLength, "the request");
    try {
      RegExp parsed = parse(regex, RegExp.ALL, 0, Operations.DEFAULT_DETERMINIZE_WORK_LIMIT);
      return Operations.determinize(
          parsed.toAutomaton(), Operations.DEFAULT_DETERMINIZE_WORK_LIMIT);
    } catch (TooComplexToDeterminizeException e) {
      throw tooComplex(e.getMessage());
    } catch (IllegalArgumentException e) {
      throw DuetException.illegalArgument(e.getMessage()); // Lucene's words for a syntax error
    }
  }

  /** OpenSearch's type for Lucene's refusal; a client's mistake, so 400. */
  static DuetException tooComplex(String reason) {
    return new DuetException(400, "too_complex_to_determinize_exception", reason);
  }

  /** The deepest nesting of parentheses and complements, counted on the text (escapes skipped). */
  private static int nesting(String regex) {
    int depth = 0;
    int deepest = 0;
    int complements = 0;
    for (int i = 0; i < regex.length(); i++) {
      char c = regex.charAt(i);
      switch (c) {
        case '\\' -> i++;
        case '(' -> deepest = Math.max(deepest, ++depth + complements);
        case ')' -> depth = Math.max(0, depth - 1);
        case '~' -> deepest = Math.max(deepest, depth + ++complements);
        default -> complements = 0;
      }
    }
    return deepest;
  }

  /** An upper estimate of the states of the regex's automaton, saturating at Long.MAX_VALUE. */
  private static long estimatedStates(RegExp re) {
    return switch (re.kind) {
      case REGEXP_UNION, REGEXP_CONCATENATION ->
          add(estimatedStates(re.exp1), estimatedStates(re.exp2));
      case REGEXP_INTERSECTION -> multiply(estimatedStates(re.exp1), estimatedStates(re.exp2));
      case REGEXP_OPTIONAL, REGEXP_REPEAT, REGEXP_COMPLEMENT, REGEXP_DEPRECATED_COMPLEMENT ->
          add(estimatedStates(re.exp1), 1);
      case REGEXP_REPEAT_MIN -> multiply(estimatedStates(re.exp1), (long) re.min + 1);
      case REGEXP_REPEAT_MINMAX -> multiply(estimatedStates(re.exp1), Math.max(1L, re.max));
      case REGEXP_STRING -> re.s.length() + 1L;
      case REGEXP_INTERVAL -> multiply(Math.max(1, re.digits), 20);
      default -> 2;
    };
  }

  private static long add(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  private static long multiply(long a, long b) {
    return b != 0 && a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }

  private static String abbreviated(String regex) {
    return regex.length() <= 100 ? regex : regex.substring(0, 100) + "...";
  }
}
