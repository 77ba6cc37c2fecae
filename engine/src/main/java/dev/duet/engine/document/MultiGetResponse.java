package dev.duet.engine.document;

import dev.duet.engine.error.DuetException;
import java.util.List;

/** The answers of an {@code _mget}, in request order: each a document or a failure. */
public record MultiGetResponse(List<Item> items) {
  public MultiGetResponse {
    items = List.copyOf(items);
  }

  /**
   * {@code result} (found or not) or, when the get itself failed, {@code failure}; {@code fields}
   * the values of the stored fields the item asked for.
   */
  public record Item(
      String index,
      String id,
      GetResult result,
      DuetException failure,
      java.util.Map<String, List<Object>> fields) {
    public Item(String index, String id, GetResult result, DuetException failure) {
      this(index, id, result, failure, java.util.Map.of());
    }
  }
}
