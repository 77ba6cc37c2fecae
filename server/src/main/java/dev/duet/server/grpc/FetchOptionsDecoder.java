package dev.duet.server.grpc;

import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.Highlight;
import dev.duet.engine.search.SearchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.opensearch.protobufs.HighlightField;
import org.opensearch.protobufs.SearchRequestBody;

/**
 * Decodes the search body's per-hit options ({@code highlight}, {@code docvalue_fields}, {@code
 * stored_fields}, {@code fields}, {@code explain}) into the same {@link FetchOptions} the REST body
 * gives.
 */
final class FetchOptionsDecoder {
  private FetchOptionsDecoder() {}

  /**
   * @param urlDocvalueFields the request's own {@code docvalue_fields} (REST's URL parameter),
   *     added to the body's
   * @param sourceGiven whether the request named {@code _source}, which then wins over {@code
   *     stored_fields} (otherwise stored fields come without the source, as on REST)
   */
  static SearchRequest applyTo(
      SearchRequest request,
      SearchRequestBody body,
      List<String> urlDocvalueFields,
      boolean sourceGiven) {
    boolean stored = body.getStoredFieldsCount() > 0;
    if (!body.hasHighlight()
        && body.getDocvalueFieldsCount() == 0
        && urlDocvalueFields.isEmpty()
        && !stored
        && body.getFieldsCount() == 0
        && !body.getExplain()
        && !body.getVersion()
        && !body.getSeqNoPrimaryTerm()) {
      return request;
    }
    List<FieldAndFormat> docvalueFields = fieldsAndFormats(body.getDocvalueFieldsList());
    for (String field : urlDocvalueFields) {
      docvalueFields.add(new FieldAndFormat(field, null));
    }
    return request.withFetch(
        FetchOptions.of(
            body.hasHighlight() ? highlight(body.getHighlight()) : null,
            docvalueFields,
            stored ? body.getStoredFieldsList() : null,
            fieldsAndFormats(body.getFieldsList()),
            body.getExplain(),
            body.getVersion(),
            body.getSeqNoPrimaryTerm()),
        sourceGiven);
  }

  /** What an inner hits message asks each inner hit to carry beyond its source. */
  static FetchOptions innerHits(org.opensearch.protobufs.InnerHits h) {
    return FetchOptions.of(
        h.hasHighlight() ? highlight(h.getHighlight()) : null,
        fieldsAndFormats(h.getDocvalueFieldsList()),
        h.getStoredFieldsCount() > 0 ? h.getStoredFieldsList() : null,
        fieldsAndFormats(h.getFieldsList()),
        h.getExplain(),
        h.getVersion(),
        h.getSeqNoPrimaryTerm());
  }

  private static List<FieldAndFormat> fieldsAndFormats(
      List<org.opensearch.protobufs.FieldAndFormat> entries) {
    List<FieldAndFormat> out = new ArrayList<>(entries.size());
    for (org.opensearch.protobufs.FieldAndFormat entry : entries) {
      out.add(new FieldAndFormat(entry.getField(), entry.hasFormat() ? entry.getFormat() : null));
    }
    return out;
  }

  private static Highlight highlight(org.opensearch.protobufs.Highlight h) {
    List<Highlight.Field> fields = new ArrayList<>(h.getFieldsCount());
    for (Map.Entry<String, HighlightField> entry : h.getFieldsMap().entrySet()) {
      HighlightField f = entry.getValue();
      fields.add(
          new Highlight.Field(
              entry.getKey(),
              options(
                  f.getPreTagsList(),
                  f.getPostTagsList(),
                  f.hasTagsSchema() ? f.getTagsSchema().name() : null,
                  f.hasFragmentSize() ? f.getFragmentSize() : null,
                  f.hasNumberOfFragments() ? f.getNumberOfFragments() : null,
                  f.hasNoMatchSize() ? f.getNoMatchSize() : null,
                  f.hasRequireFieldMatch() ? f.getRequireFieldMatch() : null,
                  f.hasHighlightQuery() ? f.getHighlightQuery() : null,
                  f.hasType() ? f.getType() : null,
                  f.hasOrder() ? f.getOrder().name() : null,
                  null,
                  f.hasBoundaryScanner() ? f.getBoundaryScanner().name() : null,
                  f.hasMaxAnalyzerOffset() ? f.getMaxAnalyzerOffset() : null)));
    }
    return new Highlight(
        fields,
        options(
            h.getPreTagsList(),
            h.getPostTagsList(),
            h.hasTagsSchema() ? h.getTagsSchema().name() : null,
            h.hasFragmentSize() ? h.getFragmentSize() : null,
            h.hasNumberOfFragments() ? h.getNumberOfFragments() : null,
            h.hasNoMatchSize() ? h.getNoMatchSize() : null,
            h.hasRequireFieldMatch() ? h.getRequireFieldMatch() : null,
            h.hasHighlightQuery() ? h.getHighlightQuery() : null,
            h.hasType() ? h.getType() : null,
            h.hasOrder() ? h.getOrder().name() : null,
            h.hasEncoder() ? h.getEncoder().name() : null,
            h.hasBoundaryScanner() ? h.getBoundaryScanner().name() : null,
            h.hasMaxAnalyzerOffset() ? h.getMaxAnalyzerOffset() : null));
  }

  private static Highlight.Options options(
      List<String> preTags,
      List<String> postTags,
      String tagsSchema,
      Integer fragmentSize,
      Integer numberOfFragments,
      Integer noMatchSize,
      Boolean requireFieldMatch,
      org.opensearch.protobufs.QueryContainer highlightQuery,
      org.opensearch.protobufs.HighlighterType type,
      String order,
      String encoder,
      String boundaryScanner,
      Integer maxAnalyzerOffset) {
    List<String> pre = preTags.isEmpty() ? null : preTags;
    List<String> post = postTags.isEmpty() ? null : postTags;
    if (tagsSchema != null && tagsSchema.endsWith("STYLED")) {
      pre = Highlight.schemaPreTags("styled");
      post = Highlight.SCHEMA_POST_TAGS;
    }
    return new Highlight.Options(
        pre,
        post,
        fragmentSize,
        numberOfFragments,
        noMatchSize,
        requireFieldMatch,
        highlightQuery == null ? null : QueryDecoder.decode(highlightQuery),
        type == null ? null : type(type),
        enumValue(order, "HIGHLIGHTER_ORDER_"),
        enumValue(encoder, "HIGHLIGHTER_ENCODER_"),
        enumValue(boundaryScanner, "BOUNDARY_SCANNER_"),
        maxAnalyzerOffset);
  }

  private static String type(org.opensearch.protobufs.HighlighterType type) {
    return switch (type.getHighlighterTypeCase()) {
      case BUILTIN -> enumValue(type.getBuiltin().name(), "BUILTIN_HIGHLIGHTER_TYPE_");
      case CUSTOM -> type.getCustom();
      case HIGHLIGHTERTYPE_NOT_SET -> null;
    };
  }

  /** {@code HIGHLIGHTER_ORDER_SCORE} → {@code score}; unspecified values are null. */
  private static String enumValue(String name, String prefix) {
    if (name == null || name.endsWith("UNSPECIFIED") || name.equals("UNRECOGNIZED")) {
      return null;
    }
    return name.substring(prefix.length()).toLowerCase(Locale.ROOT);
  }
}
