package dev.duet.engine.search;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A search's {@code highlight} section: the fields to highlight (names or wildcard patterns, in
 * request order), each with its own {@link Options} over the section's defaults.
 */
public record Highlight(List<Field> fields, Options defaults) {
  /** The pre tags of {@code tags_schema: styled} (the post tag stays {@code </em>}). */
  public static final List<String> STYLED_PRE_TAGS =
      java.util.stream.IntStream.rangeClosed(1, 10)
          .mapToObj(i -> "<em class=\"hlt" + i + "\">")
          .toList();

  /** The post tag of either {@code tags_schema}. */
  public static final List<String> SCHEMA_POST_TAGS = List.of("</em>");

  /** The pre tags of {@code tags_schema} {@code styled} or {@code default}; refused otherwise. */
  public static List<String> schemaPreTags(String schema) {
    return switch (schema) {
      case "styled" -> STYLED_PRE_TAGS;
      case "default" -> List.of("<em>");
      default ->
          throw dev.duet.engine.error.DuetException.illegalArgument(
              "Unknown tag schema [" + schema + "]");
    };
  }

  public Highlight {
    fields = List.copyOf(fields);
    requireNonNull(defaults, "defaults");
  }

  /** One entry of {@code fields}: a name or pattern and what it overrides (nulls inherit). */
  public record Field(String name, Options options) {
    public Field {
      requireNonNull(name, "name");
      requireNonNull(options, "options");
    }
  }

  /**
   * Highlighter settings; null means "inherit" (a field from the section, the section from
   * OpenSearch's defaults). {@code type} is {@code unified} or {@code plain} (both run the unified
   * highlighter), {@code order} {@code none} or {@code score}, {@code encoder} {@code default} or
   * {@code html}, {@code boundaryScanner} {@code sentence} or {@code word}; {@code
   * maxAnalyzerOffset} ({@code max_analyzer_offset}) analyzes only the text before that offset
   * instead of refusing a text longer than {@code index.highlight.max_analyzed_offset}.
   */
  public record Options(
      List<String> preTags,
      List<String> postTags,
      Integer fragmentSize,
      Integer numberOfFragments,
      Integer noMatchSize,
      Boolean requireFieldMatch,
      Query highlightQuery,
      String type,
      String order,
      String encoder,
      String boundaryScanner,
      Integer maxAnalyzerOffset) {
    public static final Options NONE =
        new Options(null, null, null, null, null, null, null, null, null, null, null, null);

    /** Options without {@code max_analyzer_offset}. */
    public Options(
        List<String> preTags,
        List<String> postTags,
        Integer fragmentSize,
        Integer numberOfFragments,
        Integer noMatchSize,
        Boolean requireFieldMatch,
        Query highlightQuery,
        String type,
        String order,
        String encoder,
        String boundaryScanner) {
      this(
          preTags,
          postTags,
          fragmentSize,
          numberOfFragments,
          noMatchSize,
          requireFieldMatch,
          highlightQuery,
          type,
          order,
          encoder,
          boundaryScanner,
          null);
    }

    public Options {
      if (preTags != null && postTags == null) {
        throw dev.duet.engine.error.DuetException.parsing(
            "pre_tags are set but post_tags are not set");
      }
      preTags = preTags == null ? null : List.copyOf(preTags);
      postTags = postTags == null ? null : List.copyOf(postTags);
    }

    /** These options with the unset ones taken from {@code parent}. */
    public Options over(Options parent) {
      return new Options(
          preTags != null ? preTags : parent.preTags,
          postTags != null ? postTags : parent.postTags,
          fragmentSize != null ? fragmentSize : parent.fragmentSize,
          numberOfFragments != null ? numberOfFragments : parent.numberOfFragments,
          noMatchSize != null ? noMatchSize : parent.noMatchSize,
          requireFieldMatch != null ? requireFieldMatch : parent.requireFieldMatch,
          highlightQuery != null ? highlightQuery : parent.highlightQuery,
          type != null ? type : parent.type,
          order != null ? order : parent.order,
          encoder != null ? encoder : parent.encoder,
          boundaryScanner != null ? boundaryScanner : parent.boundaryScanner,
          maxAnalyzerOffset != null ? maxAnalyzerOffset : parent.maxAnalyzerOffset);
    }
  }
}
