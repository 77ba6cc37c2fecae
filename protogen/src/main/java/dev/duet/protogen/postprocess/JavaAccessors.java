package dev.duet.protogen.postprocess;

import dev.duet.protogen.model.EnumDef;
import dev.duet.protogen.model.FieldDef;
import dev.duet.protogen.model.MessageDef;
import dev.duet.protogen.model.ProtoFile;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Renames fields whose Java accessors would collide: protoc accepts such protos and writes Java
 * that javac refuses. A string field {@code total} has {@code getTotalBytes()}, so a field {@code
 * total_bytes} beside it breaks the build; so do a map's {@code getXMap()}, an enum's {@code
 * getXValue()}, a message's {@code getXOrBuilder()}, a oneof's {@code getXCase()}, and the methods
 * every message has ({@code getDescriptor()}, {@code getDefaultInstance()}). protoc settles the
 * {@code _count} and {@code _list} clashes itself.
 *
 * <p>A published field keeps its name: the field renamed is the one the ledger does not number yet.
 * When the ledger knows both or neither, the field owning the accessor takes a suffix saying what
 * it is ({@code total} becomes {@code total_text}), as a person settling it would name it. Either
 * way the JSON name stays, so REST's JSON and the proto's JSON mapping still agree.
 */
public final class JavaAccessors {
  /** What a field's kind adds to its accessors, and the suffix its renamed field takes. */
  private record Extra(String accessorSuffix, String renameSuffix) {}

  private static final Extra STRING = new Extra("Bytes", "text");
  private static final Extra MAP = new Extra("Map", "entries");
  private static final Extra ENUM = new Extra("Value", "enum");
  private static final Extra MESSAGE = new Extra("OrBuilder", "message");

  /** Accessors of every generated message, as field names would produce them (singular fields). */
  private static final Set<String> INHERITED = Set.of("Descriptor", "DefaultInstance");

  private final Set<String> enums;
  private final NumberingLedger ledger;

  private JavaAccessors(Set<String> enums, NumberingLedger ledger) {
    this.enums = enums;
    this.ledger = ledger;
  }

  /** Renames clashing fields in every message of {@code files}; run before numbering. */
  public static void settle(List<ProtoFile> files, NumberingLedger ledger) {
    Set<String> enums = new HashSet<>();
    for (ProtoFile f : files) {
      for (EnumDef e : f.enums()) {
        enums.add("." + e.fullName());
      }
      for (MessageDef m : f.messages()) {
        collectEnums(m, enums);
      }
    }
    JavaAccessors pass = new JavaAccessors(enums, ledger);
    for (ProtoFile f : files) {
      for (MessageDef m : f.messages()) {
        pass.settle(m);
      }
    }
  }

  private static void collectEnums(MessageDef m, Set<String> enums) {
    for (EnumDef e : m.nestedEnums()) {
      enums.add("." + e.fullName());
    }
    for (MessageDef n : m.nested()) {
      collectEnums(n, enums);
    }
  }

  private void settle(MessageDef m) {
    // Each rename settles one clash and cannot make a new one (renamed names are checked free).
    int clashes = m.fields().size() + 1;
    while (clashes-- > 0 && renameOne(m)) {
      // another pass: a field may clash with more than one other
    }
    for (MessageDef n : m.nested()) {
      settle(n);
    }
  }

  /** Renames one field of the first clash found; false when nothing clashes. */
  private boolean renameOne(MessageDef m) {
    List<FieldDef> fields = m.fields();
    Map<String, Integer> byAccessor = new HashMap<>();
    for (int i = 0; i < fields.size(); i++) {
      byAccessor.put(camel(fields.get(i).name()), i);
    }
    for (int i = 0; i < fields.size(); i++) {
      FieldDef f = fields.get(i);
      if (!f.repeated() && f.mapKey() == null && INHERITED.contains(camel(f.name()))) {
        rename(m, i, f.name() + "_field", "every message has get" + camel(f.name()) + "()");
        return true;
      }
      Extra extra = extra(f);
      Integer other =
          extra == null ? null : byAccessor.get(camel(f.name()) + extra.accessorSuffix());
      if (other == null) {
        continue;
      }
      String otherName = fields.get(other).name();
      String why = "the Java accessors of " + f.name() + " and " + otherName + " would clash";
      if (ledger.numbers(m.fullName(), f.name()) && !ledger.numbers(m.fullName(), otherName)) {
        rename(m, other, otherName + "_field", why);
      } else {
        rename(m, i, f.name() + "_" + extra.renameSuffix(), why);
      }
      return true;
    }
    Set<String> oneofs = new LinkedHashSet<>();
    fields.stream().filter(f -> f.oneof() != null).forEach(f -> oneofs.add(f.oneof()));
    for (String oneof : oneofs) {
      Integer clash = byAccessor.get(camel(oneof) + "Case");
      if (clash != null) {
        String name = fields.get(clash).name();
        rename(m, clash, name + "_field", "oneof " + oneof + " has get" + camel(name) + "()");
        return true;
      }
    }
    return false;
  }

  private Extra extra(FieldDef f) {
    if (f.mapKey() != null) {
      return MAP;
    }
    if ("string".equals(f.type())) {
      return STRING;
    }
    if (enums.contains(f.type())) {
      return ENUM;
    }
    return f.type().startsWith(".") ? MESSAGE : null;
  }

  private static void rename(MessageDef m, int index, String wanted, String why) {
    Set<String> taken = new HashSet<>();
    for (FieldDef f : m.fields()) {
      taken.add(camel(f.name()));
    }
    String name = wanted;
    for (int n = 2; taken.contains(camel(name)) || m.hasName(name); n++) {
      name = wanted + "_" + n;
    }
    FieldDef f = m.fields().get(index);
    m.fields()
        .set(index, f.renamed(name, "Named " + name + ", not " + f.name() + ": " + why + "."));
  }

  /**
   * The capitalised camel case protoc's Java generator gives a field name ({@code total_bytes} →
   * {@code TotalBytes}).
   */
  static String camel(String field) {
    StringBuilder out = new StringBuilder(field.length());
    boolean upper = true;
    for (int i = 0; i < field.length(); i++) {
      char c = field.charAt(i);
      if (c == '_') {
        upper = true;
      } else if (Character.isDigit(c)) {
        out.append(c);
        upper = true;
      } else {
        out.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return out.toString();
  }
}
