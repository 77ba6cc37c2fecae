package dev.duet.protogen.model;

/**
 * A field. {@code type} is a scalar keyword ({@code string}, {@code int64}, ...) or a fully
 * qualified message or enum name with a leading dot; {@code mapKey} is set for map fields.
 */
public final class FieldDef {
  private final String name;
  private final String jsonName;
  private final String type;
  private final boolean repeated;
  private final String mapKey;
  private final boolean optional;
  private final String oneof;
  private final String doc;
  private boolean rawJson;
  private int number;

  public FieldDef(
      String name,
      String jsonName,
      String type,
      boolean repeated,
      String mapKey,
      boolean optional,
      String oneof,
      String doc) {
    this.name = name;
    this.jsonName = jsonName;
    this.type = type;
    this.repeated = repeated;
    this.mapKey = mapKey;
    this.optional = optional;
    this.oneof = oneof;
    this.doc = doc;
  }

  public String name() {
    return name;
  }

  /** The JSON property name in the spec; rendered as {@code json_name} where it differs. */
  public String jsonName() {
    return jsonName;
  }

  public String type() {
    return type;
  }

  public boolean repeated() {
    return repeated;
  }

  public String mapKey() {
    return mapKey;
  }

  /** proto3 {@code optional}: explicit presence for a scalar the client may leave unset. */
  public boolean optional() {
    return optional;
  }

  /** The oneof this field belongs to, or null. */
  public String oneof() {
    return oneof;
  }

  public String doc() {
    return doc;
  }

  /** The bytes are a JSON document carried raw (REST has it inline, e.g. a document source). */
  public boolean rawJson() {
    return rawJson;
  }

  /** This field under another proto name (JSON name, type and number kept), documented why. */
  public FieldDef renamed(String newName, String why) {
    FieldDef f =
        new FieldDef(
            newName,
            jsonName,
            type,
            repeated,
            mapKey,
            optional,
            oneof,
            doc == null || doc.isBlank() ? why : doc + "\n" + why);
    f.rawJson = rawJson;
    f.number = number;
    return f;
  }

  public FieldDef rawJson(boolean rawJson) {
    this.rawJson = rawJson;
    return this;
  }

  public int number() {
    return number;
  }

  public void number(int number) {
    this.number = number;
  }
}
