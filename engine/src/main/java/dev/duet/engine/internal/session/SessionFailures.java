package dev.duet.engine.internal.session;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.RequestRefused;
import dev.duet.engine.error.ShardFailure;
import dev.duet.engine.internal.shard.LuceneIndex;

/** The failures of scrolls and points in time, in OpenSearch's types, phases and words. */
public final class SessionFailures {
  private SessionFailures() {}

  static DuetException validation(String problem) {
    return new RequestRefused(
        "action_request_validation_exception", "Validation Failed: 1: " + problem + ";");
  }

  /** OpenSearch's validation failure listing {@code problems}, numbered, in its order. */
  static DuetException validation(java.util.List<String> problems) {
    StringBuilder reason = new StringBuilder("Validation Failed: ");
    for (int i = 0; i < problems.size(); i++) {
      reason.append(i + 1).append(": ").append(problems.get(i)).append(';');
    }
    return new RequestRefused("action_request_validation_exception", reason.toString());
  }

  /** {@code e} as the failure of the first shard of {@code index}, in the query phase. */
  static ShardFailure onShard(DuetException e, String index) {
    return new ShardFailure(e.status(), e.type(), e.reason(), "query", 0, index);
  }

  static ShardFailure tooManyPits(int max, String index) {
    return new ShardFailure(
        429,
        "rejected_execution_exception",
        "Trying to create too many Point In Time contexts. Must be less than or equal to: ["
            + max
            + "]. This limit can be set by changing the [search.max_open_pit_context] setting.",
        "create_pit",
        0,
        index);
  }

  static ShardFailure tooManyScrolls(int max, String index) {
    return new ShardFailure(
        429,
        "rejected_execution_exception",
        "Trying to create too many scroll contexts. Must be less than or equal to: ["
            + max
            + "]. This limit can be set by changing the [search.max_open_scroll_context]"
            + " setting.",
        "query",
        0,
        index);
  }

  static ShardFailure batchTooLarge(LuceneIndex target, int size) {
    return new ShardFailure(
        400,
        "illegal_argument_exception",
        "Batch size is too large, size must be less than or equal to: ["
            + target.maxResultWindow()
            + "] but was ["
            + size
            + "]. Scroll batch sizes cost as much memory as result windows so they are"
            + " controlled by the [index.max_result_window] index level setting.",
        "query",
        0,
        target.name());
  }

  /**
   * A context that is gone: a scroll's belongs to no shard, a point in time's to the first shard of
   * its first index, as OpenSearch reports them.
   */
  static ShardFailure missing(SessionIds.Parsed id) {
    boolean scroll = id.kind() == SessionIds.SCROLL;
    return new ShardFailure(
        404,
        "search_context_missing_exception",
        "No search context found for id [" + id.context() + "]",
        "query",
        scroll ? -1 : 0,
        scroll ? null : id.index());
  }
}
