package dev.duet.bench.load;

import static java.util.Objects.requireNonNull;

/**
 * One bulk operation read from the input: its action, the index and id it names (null: the
 * command's index, an id the server picks) and the document source (null for a delete).
 */
record LoadItem(Action action, String index, String id, byte[] source) {
  /** The bulk actions the loader sends; {@code update} is refused when the input is read. */
  enum Action {
    INDEX,
    CREATE,
    DELETE
  }

  LoadItem {
    requireNonNull(action, "action");
    if (action != Action.DELETE) {
      requireNonNull(source, "source");
    } else if (id == null) {
      throw new IllegalArgumentException("a delete needs an _id");
    }
  }

  static LoadItem index(byte[] source, String id) {
    return new LoadItem(Action.INDEX, null, id, source);
  }

  /** Bytes this item adds to a request, near enough to cut batches by size. */
  int weight() {
    return (source == null ? 0 : source.length) + 64;
  }
}
