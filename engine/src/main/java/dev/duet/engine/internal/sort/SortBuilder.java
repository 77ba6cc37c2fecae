package dev.duet.engine.internal.sort;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.SortSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedNumericSelector;
import org.apache.lucene.search.SortedNumericSortField;
import org.apache.lucene.search.SortedSetSelector;

/**
 * Sort keys as Lucene sort fields for one index: multi-valued fields sort by their smallest value
 * ascending and largest descending, missing values last, as OpenSearch's defaults.
 */
public final class SortBuilder {
  /** The point-in-time tiebreak: a shard's doc id, as OpenSearch sorts and reports it. */
  public static final String SHARD_DOC = "_shard_doc";

  private SortBuilder() {}

  /**
   * The Lucene sort, or null for relevance order (no sort keys); {@code filters} translates the
   * filter of a {@code nested} sort key.
   */
  public static Sort build(
      List<SortSpec> specs,
      LuceneIndex index,
      Function<dev.duet.engine.search.Query, org.apache.lucene.search.Query> filters) {
    if (specs.isEmpty()) {
      return null;
    }
    if (specs.size() == 1
        && specs.get(0).field().equals("_score")
        && specs.get(0).effectiveOrder() == SortSpec.SortOrder.DESC) {
      return null; // relevance order: OpenSearch reports scores and no sort values
    }
    SortField[] fields = new SortField[specs.size()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = field(specs.get(i), index, filters);
    }
    return new Sort(fields);
  }

  /**
   * Fails, as OpenSearch's merge of hits does, when a key sorts {@code unsigned_long} values in one
   * index and another type's in another: their sort values do not compare.
   */
  public static void requireMergeable(Sort first, Sort other) {
    if (first == null || other == null) {
      return;
    }
    SortField[] a = first.getSort();
    SortField[] b = other.getSort();
    for (int k = 0; k < Math.min(a.length, b.length); k++) {
      if (SortValues.unsigned(a[k]) != SortValues.unsigned(b[k])) {
        DuetException cause =
            DuetException.illegalArgument(
                "Can't do sort across indices, as a field has [unsigned_long] type in one index,"
                    + " and different type in another index!");
        Map<String, String> phase = new LinkedHashMap<>();
        phase.put("phase", "fetch");
        phase.put("grouped", "true");
        throw new DuetException(400, "search_phase_execution_exception", "", phase, cause);
      }
    }
  }

  static boolean sortsByScore(List<SortSpec> specs) {
    for (SortSpec spec : specs) {
      if (spec.field().equals("_score")) {
        return true;
      }
    }
    return false;
  }

  private static SortField field(
      SortSpec spec,
      LuceneIndex index,
      Function<dev.duet.engine.search.Query, org.apache.lucene.search.Query> filters) {
    boolean reverse = spec.effectiveOrder() == SortSpec.SortOrder.DESC;
    String name = spec.field();
    if (name.equals("_score")) {
      return new SortField(null, SortField.Type.SCORE, !reverse);
    }
    if (name.equals("_doc") || name.equals(SHARD_DOC)) {
      return new SortField(null, SortField.Type.DOC, reverse);
    }
    if (name.equals(MetaFields.ID)) {
      SortField id = new SortField(MetaFields.ID, SortField.Type.STRING, reverse);
      id.setMissingValue(reverse ? SortField.STRING_FIRST : SortField.STRING_LAST);
      return id;
    }
    FieldMapping field = index.lookup().leaf(name);
    if (field == null) {
      Map<String, String> meta = new LinkedHashMap<>();
      meta.put("index", index.name());
      meta.put("index_uuid", index.uuid());
      throw new DuetException(
          400,
          "query_shard_exception",
          "No mapping found for [" + name + "] in order to sort on",
          meta,
          null);
    }
    FieldType type = FieldTypes.of(field);
    type.requireFielddata(name);
    type.requireSortable(name);
    index.noteFielddata(name, false); // a text field's terms, as OpenSearch loads its fielddata
    if (Boolean.FALSE.equals(field.params().get("doc_values"))
        || type.docValuesType() == DocValuesType.NONE) {
      throw DuetException.illegalArgument(
          "Can't load fielddata on ["
              + name
              + "] because fielddata is unsupported on fields of type ["
              + field.type()
              + "]. Use doc values instead.");
    }
    if (ModeSortField.applies(spec)) {
      return ModeSortField.of(spec, field, index, filters);
    }
    SortedNumericSelector.Type numericSelector =
        reverse ? SortedNumericSelector.Type.MAX : SortedNumericSelector.Type.MIN;
    if (type.docValuesType() == DocValuesType.ORDINALS) {
      return SortMissing.keywordSort(
          spec, reverse, reverse ? SortedSetSelector.Type.MAX : SortedSetSelector.Type.MIN);
    }
    SortedNumericSortField sort =
        type.docValuesType() == DocValuesType.UNSIGNED
            ? new UnsignedSortField(name, reverse, numericSelector)
            : new SortedNumericSortField(
                name, type.docValuesType().sortType(), reverse, numericSelector);
    sort.setMissingValue(SortMissing.numeric(spec, type, reverse));
    return sort;
  }
}
