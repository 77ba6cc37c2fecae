package dev.duet.engine.document;

import dev.duet.engine.error.DuetException;
import java.util.List;

/** The answers of an {@code _mget}, in request order: each a document or a failure. */
public record MultiGetResponse(List<Item> items) {
  public MultiGetResponse {
    items = List.copyOf(items);
  }

  /** {@code result} (found or not) or, when the get itself failed, {@code failure}. */
  public record Item(String index, String id, GetResult result, DuetException failure) {}
}
