package dev.duet.protogen.check;

/**
 * The rules checked, named as buf names them. {@code wireJsonOnly} rules guard the JSON mapping
 * (field and enum value names) and belong to WIRE_JSON alone; the rest are in WIRE and WIRE_JSON.
 */
public enum Rule {
  FILE_SAME_PACKAGE(false),
  FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED(false),
  FIELD_NO_DELETE_UNLESS_NAME_RESERVED(true),
  RESERVED_NUMBER_REUSED(false),
  FIELD_WIRE_COMPATIBLE_TYPE(false),
  FIELD_WIRE_JSON_COMPATIBLE_TYPE(true),
  FIELD_WIRE_COMPATIBLE_CARDINALITY(false),
  FIELD_SAME_ONEOF(false),
  FIELD_SAME_NAME(true),
  FIELD_SAME_JSON_NAME(true),
  ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED(false),
  ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED(true),
  ENUM_VALUE_SAME_NAME(true),
  /** Not in buf's WIRE sets, but a client calling a removed RPC gets UNIMPLEMENTED. */
  RPC_NO_DELETE(false),
  RPC_SAME_REQUEST_TYPE(false),
  RPC_SAME_RESPONSE_TYPE(false),
  RPC_SAME_CLIENT_STREAMING(false),
  RPC_SAME_SERVER_STREAMING(false);

  private final boolean wireJsonOnly;

  Rule(boolean wireJsonOnly) {
    this.wireJsonOnly = wireJsonOnly;
  }

  /** Whether this rule is part of {@code ruleSet} (WIRE or WIRE_JSON). */
  public boolean in(RuleSet ruleSet) {
    return ruleSet == RuleSet.WIRE_JSON || !wireJsonOnly;
  }

  /** buf's breaking-change categories that Duet checks. */
  public enum RuleSet {
    WIRE,
    WIRE_JSON
  }
}
