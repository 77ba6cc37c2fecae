package dev.duet.engine.internal.meta;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import java.util.Map;

/**
 * OpenSearch's limits on the size and shape of a mapping ({@code index.mapping.*.limit}), checked
 * whenever a mapping grows: at index creation, on a mapping update and on dynamic mapping from a
 * document. All are dynamic settings, as in OpenSearch.
 */
public record MappingLimits(
    long totalFields, long depth, long nestedFields, long nestedObjects, long fieldNameLength) {
  static final String TOTAL_FIELDS = "mapping.total_fields.limit";
  static final String DEPTH = "mapping.depth.limit";
  static final String NESTED_FIELDS = "mapping.nested_fields.limit";
  static final String NESTED_OBJECTS = "mapping.nested_objects.limit";
  static final String FIELD_NAME_LENGTH = "mapping.field_name_length.limit";
  public static final MappingLimits DEFAULTS =
      new MappingLimits(1000, 20, 50, 10_000, Long.MAX_VALUE);

  /**
   * What translog replay parses under: an operation was acknowledged under the rules of its day,
   * and replay restores it rather than judge it again.
   */
  public static final MappingLimits REPLAY =
      new MappingLimits(
          Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);

  /** Whether a document's field names are checked: for requests, not for replay. */
  public boolean checksNames() {
    return this != REPLAY;
  }

  /** The limits an index's settings give (validated by {@link #validate}), defaults elsewhere. */
  public static MappingLimits of(IndexSettings settings) {
    return new MappingLimits(
        value(settings, TOTAL_FIELDS, DEFAULTS.totalFields),
        value(settings, DEPTH, DEFAULTS.depth),
        value(settings, NESTED_FIELDS, DEFAULTS.nestedFields),
        value(settings, NESTED_OBJECTS, DEFAULTS.nestedObjects),
        value(settings, FIELD_NAME_LENGTH, DEFAULTS.fieldNameLength));
  }

  /** Checks and normalizes the limit settings present in {@code settings} (un-prefixed keys). */
  static void validate(Map<String, String> settings) {
    IndexSettingsRules.parseLong(settings, TOTAL_FIELDS, 0);
    IndexSettingsRules.parseLong(settings, DEPTH, 1);
    IndexSettingsRules.parseLong(settings, NESTED_FIELDS, 0);
    IndexSettingsRules.parseLong(settings, NESTED_OBJECTS, 0);
    IndexSettingsRules.parseLong(settings, FIELD_NAME_LENGTH, 1);
  }

  /** 400 {@code illegal_argument_exception} with OpenSearch's reason when the mapping is over. */
  public void check(Mapping mapping) {
    long[] counts = new long[2]; // fields, nested fields
    walk(mapping.properties(), "", counts);
    if (counts[0] > totalFields) {
      throw DuetException.illegalArgument(
          "Limit of total fields [" + totalFields + "] has been exceeded");
    }
    if (counts[1] > nestedFields) {
      throw DuetException.illegalArgument(
          "Limit of nested fields [" + nestedFields + "] has been exceeded");
    }
  }

  /** What a document whose objects nest deeper than {@link #depth} is refused with. */
  public DuetException documentTooDeep() {
    return new DuetException(
        400,
        "mapper_parsing_exception",
        "failed to parse",
        Map.of(),
        new DuetException(
            400,
            "parse_exception",
            "The depth of the field has exceeded the allowed limit of ["
                + depth
                + "]. This limit can be set by changing the [index.mapping.depth.limit] index"
                + " level setting."));
  }

  /** What a document with more than {@link #nestedObjects} nested objects is refused with. */
  public DuetException tooManyNestedObjects() {
    return new DuetException(
        400,
        "mapper_parsing_exception",
        "The number of nested documents has exceeded the allowed limit of ["
            + nestedObjects
            + "]. This limit can be set by changing the [index.mapping.nested_objects.limit]"
            + " index level setting.");
  }

  private void walk(Map<String, FieldMapping> properties, String prefix, long[] counts) {
    for (Map.Entry<String, FieldMapping> e : properties.entrySet()) {
      String path = prefix + e.getKey();
      FieldMapping field = e.getValue();
      if (path.length() > fieldNameLength) {
        throw DuetException.illegalArgument(
            "Field name ["
                + path
                + "] is longer than the limit of ["
                + fieldNameLength
                + "] characters");
      }
      counts[0]++;
      counts[0] += field.fields().size();
      if (field.isObject()) {
        // OpenSearch: an object's depth is its dots + 2 (the root is 1, its fields' values 2).
        long objectDepth = path.chars().filter(c -> c == '.').count() + 2;
        if (objectDepth > depth) {
          throw DuetException.illegalArgument(
              "Limit of mapping depth ["
                  + depth
                  + "] has been exceeded due to object field ["
                  + path
                  + "]");
        }
        if (field.isNested()) {
          counts[1]++;
        }
        walk(field.properties(), path + ".", counts);
      }
    }
  }

  private static long value(IndexSettings settings, String key, long fallback) {
    String v = settings.get(key);
    return v == null ? fallback : Long.parseLong(v.trim());
  }
}
