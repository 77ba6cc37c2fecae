package dev.duet.protogen.model;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** A message: its fields, nested types, and what postprocess reserved for removed fields. */
public final class MessageDef {
  private final String name;
  private final String fullName;
  private final String doc;
  private final List<FieldDef> fields = new ArrayList<>();
  private final List<MessageDef> nested = new ArrayList<>();
  private final List<EnumDef> nestedEnums = new ArrayList<>();

  /** Numbers and names of removed entries, kept so that neither is ever reused. */
  private final TreeSet<Integer> reservedNumbers = new TreeSet<>();

  private final TreeSet<String> reservedNames = new TreeSet<>();
  private JsonShape shape = JsonShape.OBJECT;

  public MessageDef(String name, String fullName, String doc) {
    this.name = name;
    this.fullName = fullName;
    this.doc = doc;
  }

  public String name() {
    return name;
  }

  /** Fully qualified name without a leading dot, e.g. {@code duet.common.ErrorCause}. */
  public String fullName() {
    return fullName;
  }

  public String doc() {
    return doc;
  }

  public List<FieldDef> fields() {
    return fields;
  }

  public List<MessageDef> nested() {
    return nested;
  }

  public List<EnumDef> nestedEnums() {
    return nestedEnums;
  }

  public TreeSet<Integer> reservedNumbers() {
    return reservedNumbers;
  }

  public TreeSet<String> reservedNames() {
    return reservedNames;
  }

  /** How REST's JSON is carried by this message (see {@code options.proto}). */
  public JsonShape shape() {
    return shape;
  }

  public void shape(JsonShape shape) {
    this.shape = shape;
  }

  /** Whether a field or nested type already uses {@code candidate} (names share one scope). */
  public boolean hasName(String candidate) {
    return fields.stream().anyMatch(f -> f.name().equals(candidate))
        || nested.stream().anyMatch(m -> m.name().equals(candidate))
        || nestedEnums.stream().anyMatch(e -> e.name().equals(candidate));
  }

  /** The JSON a message stands for, where protobuf's own JSON mapping would differ. */
  public enum JsonShape {
    /** A JSON object, one field per property: protobuf's own mapping. */
    OBJECT,
    /** One of several JSON types: the set member of oneof {@code value} is the value itself. */
    UNION,
    /** A JSON array: the repeated field {@code values}. */
    LIST,
    /** A JSON object with any keys: the map field {@code entries}. */
    MAP
  }
}
