package dev.duet.engine.search;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The answer to {@link FieldCapsRequest}: the concrete indices consulted and, per field and per
 * type it has in them, its {@link Capability}.
 */
public record FieldCapsResponse(List<String> indices, Map<String, Map<String, Capability>> fields) {

  public FieldCapsResponse {
    indices = List.copyOf(indices);
  }

  /**
   * One field with one type: searchable and aggregatable in every index having it so; {@code
   * indices} (null unless the field has several types), and the indices where it is not searchable
   * or not aggregatable (null unless that differs among them); {@code meta} merged from each
   * index's mapping, every value given for a key.
   */
  public record Capability(
      String type,
      boolean searchable,
      boolean aggregatable,
      List<String> indices,
      List<String> nonSearchableIndices,
      List<String> nonAggregatableIndices,
      Map<String, Set<String>> meta) {}
}
