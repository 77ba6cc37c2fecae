package dev.duet.server.grpc;

import dev.duet.engine.search.NestedSort;
import dev.duet.engine.search.SortSpec;
import java.util.Locale;
import org.opensearch.protobufs.FieldSort;
import org.opensearch.protobufs.NestedSortValue;

/**
 * A {@code FieldSort} into the same {@link SortSpec} the REST body's field sort gives: order, mode,
 * nested and missing; the options the model lacks fail as REST fails for them.
 */
final class FieldSortDecoder {
  private FieldSortDecoder() {}

  static SortSpec decode(String field, FieldSort sort) {
    String unsupported =
        sort.hasUnmappedType() ? "unmapped_type" : sort.hasNumericType() ? "numeric_type" : null;
    if (unsupported != null) {
      throw SortSpec.unknownParameter(unsupported);
    }
    return new SortSpec(
        field,
        sort.hasOrder() ? SearchRequestDecoder.order(sort.getOrder()) : null,
        sort.hasMode() ? mode(sort.getMode()) : null,
        sort.hasNested() ? nested(sort.getNested()) : null,
        sort.hasMissing() ? FieldValues.fromProto(sort.getMissing()) : null);
  }

  private static String mode(org.opensearch.protobufs.SortMode mode) {
    return switch (mode) {
      case SORT_MODE_MIN, SORT_MODE_MAX, SORT_MODE_SUM, SORT_MODE_AVG, SORT_MODE_MEDIAN ->
          mode.name().substring("SORT_MODE_".length()).toLowerCase(Locale.ROOT);
      default -> null;
    };
  }

  private static NestedSort nested(NestedSortValue nested) {
    return new NestedSort(
        nested.getPath().isEmpty() ? null : nested.getPath(),
        nested.hasFilter() ? QueryDecoder.decode(nested.getFilter()) : null,
        nested.hasMaxChildren() ? nested.getMaxChildren() : null,
        nested.hasNested() ? nested(nested.getNested()) : null);
  }
}
