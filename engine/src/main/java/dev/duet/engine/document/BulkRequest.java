package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;

/** A batch of writes applied in order, each succeeding or failing on its own. */
public record BulkRequest(List<BulkItem> items, RefreshPolicy refresh) {
  private static final String NO_REQUESTS = "no requests added";
  private static final String INDEX_MISSING = "index is missing";
  private static final String ID_MISSING = "id is missing";

  public BulkRequest {
    items = List.copyOf(requireNonNull(items, "items"));
    requireNonNull(refresh, "refresh");
  }

  /**
   * OpenSearch's validation problems of one item, in its words and order: a missing index, a
   * missing id (deletes and updates), a missing source (index and create), the update's own, the
   * version check's. Each argument as the client gave it, null when absent.
   */
  public static List<String> problems(
      OpType type,
      String index,
      String id,
      byte[] source,
      UpdateRequest update,
      VersionCheck check) {
    List<String> out = new ArrayList<>(2);
    if (index == null) {
      out.add(INDEX_MISSING);
    }
    if (id == null && (type == OpType.DELETE || type == OpType.UPDATE)) {
      out.add(ID_MISSING);
    }
    if (source == null && (type == OpType.INDEX || type == OpType.CREATE)) {
      out.add("source is missing");
      out.add("content type is missing");
    }
    if (update != null) {
      out.addAll(update.problems());
    }
    out.addAll(check.problems(type));
    return out;
  }

  /**
   * Refuses a bulk of {@code itemCount} items whose items have {@code problems} (see {@link
   * #problems}) with OpenSearch's {@code action_request_validation_exception}; a bulk with no items
   * is refused too.
   */
  public static void validate(int itemCount, List<String> problems) {
    if (itemCount == 0) {
      List<String> all = new ArrayList<>(problems.size() + 1);
      all.add(NO_REQUESTS);
      all.addAll(problems);
      problems = all;
    }
    Validation.check(problems);
  }
}
