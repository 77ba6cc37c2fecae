package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A search's {@code suggest} section: named suggesters, each of one kind ({@link Completion},
 * {@link Term}, {@link Phrase}), run beside the query on the same indices. A suggester's text is
 * its own {@code text} ({@code prefix} or {@code regex} for completion) or the section's global
 * {@code text}.
 */
public record Suggest(List<Suggester> suggesters) {
  public Suggest {
    suggesters = List.copyOf(suggesters);
  }

  /**
   * The {@code suggest_field} URL parameter's section: a term suggester named after the field, on
   * {@code suggest_text} (the caller passes {@code q} when it is absent), {@code suggest_mode}
   * (null: missing) and {@code suggest_size} (null: 5), as OpenSearch's REST layer builds it.
   */
  public static Suggest fromUrl(String field, String text, String mode, String size) {
    int n = 5;
    if (size != null) {
      try {
        n = Integer.parseInt(size);
      } catch (NumberFormatException e) {
        throw DuetException.illegalArgument(
            "Failed to parse int parameter [suggest_size] with value [" + size + "]");
      }
    }
    String resolved = mode == null ? "missing" : mode.toLowerCase(java.util.Locale.ROOT);
    if (!List.of("missing", "popular", "always").contains(resolved)) {
      throw DuetException.illegalArgument("Invalid suggest_mode " + mode);
    }
    Term term = Term.defaults(field, field, text);
    return new Suggest(
        List.of(
            new Term(
                term.name(),
                term.field(),
                term.text(),
                null,
                n,
                resolved,
                term.accuracy(),
                term.sort(),
                term.stringDistance(),
                term.maxEdits(),
                term.maxInspections(),
                term.maxTermFreq(),
                term.prefixLength(),
                term.minWordLength(),
                term.minDocFreq())));
  }

  /** One named suggester. */
  public sealed interface Suggester permits Completion, Term, Phrase {
    /** The name the response keys its entries by. */
    String name();

    /** The field it suggests from. */
    String field();

    /** {@code completion}, {@code term} or {@code phrase}: what {@code typed_keys} prefixes. */
    String type();
  }

  /** A missing required {@code field}, as OpenSearch's parser words it. */
  private static void requireField(String field) {
    if (field == null) {
      throw new DuetException(
          400, "parse_exception", "the required field option [field] is missing");
    }
  }

  /** A missing text, as OpenSearch's shard words it. */
  private static void requireText(String text) {
    if (text == null) {
      throw DuetException.illegalArgument("The required text option is missing");
    }
  }

  /**
   * {@code fuzzy} of a completion suggester: {@code fuzziness} (-1: AUTO), {@code transpositions},
   * {@code min_length}, {@code prefix_length}, {@code unicode_aware}.
   */
  public record Fuzzy(
      int fuzziness,
      boolean transpositions,
      int minLength,
      int prefixLength,
      boolean unicodeAware) {
    public static final Fuzzy DEFAULT = new Fuzzy(-1, true, 3, 1, false);
  }

  /**
   * The completion suggester: suggestions from a {@code completion} field's FST that start with
   * {@code prefix} ({@code fuzzy}: within edits of it) or match {@code regex}; {@code size} best by
   * weight, one per document, {@code skipDuplicates} once per text; {@code contexts} by context
   * mapping name, each value as the request gives it (a string, a geo point, or an object with
   * {@code context}, {@code boost}, …).
   */
  public record Completion(
      String name,
      String field,
      String prefix,
      String regex,
      int size,
      boolean skipDuplicates,
      Fuzzy fuzzy,
      int regexFlags,
      int maxDeterminizedStates,
      Map<String, List<Object>> contexts,
      String analyzer)
      implements Suggester {
    public Completion {
      Objects.requireNonNull(name, "name");
      requireField(field);
      requireText(prefix != null ? prefix : regex);
      if (size <= 0) {
        throw DuetException.illegalArgument("size must be positive");
      }
      contexts = contexts == null ? Map.of() : new LinkedHashMap<>(contexts);
    }

    /** The text the entry shows: the regex or the prefix. */
    public String text() {
      return regex != null ? regex : prefix;
    }

    @Override
    public String type() {
      return "completion";
    }
  }

  /**
   * The term suggester: for each token of {@code text} (analyzed by the field's search analyzer or
   * {@code analyzer}), terms of the index within {@code maxEdits} edits, as Lucene's {@code
   * DirectSpellChecker} finds them; the options are OpenSearch's, with their defaults.
   */
  public record Term(
      String name,
      String field,
      String text,
      String analyzer,
      int size,
      String suggestMode,
      float accuracy,
      String sort,
      String stringDistance,
      int maxEdits,
      int maxInspections,
      float maxTermFreq,
      int prefixLength,
      int minWordLength,
      float minDocFreq)
      implements Suggester {
    public Term {
      Objects.requireNonNull(name, "name");
      requireField(field);
      requireText(text);
      if (size <= 0) {
        throw DuetException.illegalArgument("size must be positive");
      }
      if (maxEdits < 1 || maxEdits > 2) {
        throw DuetException.illegalArgument("maxEdits must be between 1 and 2");
      }
      if (accuracy < 0 || accuracy > 1) {
        throw DuetException.illegalArgument("accuracy must be between 0 and 1");
      }
    }

    /** A term suggester with OpenSearch's defaults. */
    public static Term defaults(String name, String field, String text) {
      return new Term(
          name, field, text, null, 5, "missing", 0.5f, "score", "internal", 2, 5, 0.01f, 1, 4, 0f);
    }

    @Override
    public String type() {
      return "term";
    }
  }

  /**
   * The phrase suggester: {@code text} with up to {@code maxErrors} of its terms replaced by the
   * index's nearest terms (the term suggester's candidates), the corrections ranked by how likely
   * the index's terms make them; {@code preTag}/{@code postTag} (null: none) mark corrected terms.
   */
  public record Phrase(
      String name,
      String field,
      String text,
      String analyzer,
      int size,
      float maxErrors,
      float confidence,
      String preTag,
      String postTag)
      implements Suggester {
    public Phrase {
      Objects.requireNonNull(name, "name");
      requireField(field);
      requireText(text);
      if (size <= 0) {
        throw DuetException.illegalArgument("size must be positive");
      }
    }

    @Override
    public String type() {
      return "phrase";
    }
  }
}
