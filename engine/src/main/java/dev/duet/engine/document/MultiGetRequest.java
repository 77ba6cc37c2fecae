package dev.duet.engine.document;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.search.SourceFilter;
import java.util.List;

/**
 * {@code _mget}: several gets in one request, each answered alone (a missing index fails only its
 * own documents). {@code realtime} and {@code refresh} apply to all.
 */
public record MultiGetRequest(List<Item> items, boolean realtime, boolean refresh) {
  public MultiGetRequest {
    items = List.copyOf(requireNonNull(items, "items"));
  }

  /**
   * One document to get; {@code source} null returns the whole {@code _source}; {@code routing}
   * null when the item names none; {@code storedFields} the {@code stored_fields} it asks for
   * (null: none asked).
   */
  public record Item(
      String index, String id, SourceFilter source, String routing, List<String> storedFields) {
    public Item(String index, String id, SourceFilter source) {
      this(index, id, source, null, null);
    }
  }
}
