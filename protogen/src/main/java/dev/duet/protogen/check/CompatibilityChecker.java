package dev.duet.protogen.check;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import dev.duet.protogen.check.Rule.RuleSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Compares two versions of a protobuf API and lists the changes that break clients already deployed
 * against the old one: on the wire (WIRE) and, with WIRE_JSON, in the JSON mapping too.
 */
public final class CompatibilityChecker {
  private CompatibilityChecker() {}

  public static List<Break> check(
      FileDescriptorSet oldSet, FileDescriptorSet newSet, RuleSet rules) {
    DescriptorIndex old = new DescriptorIndex(oldSet);
    DescriptorIndex neu = new DescriptorIndex(newSet);
    List<Break> out = new ArrayList<>();
    for (Map.Entry<String, FileDescriptorProto> f : old.files().entrySet()) {
      FileDescriptorProto n = neu.files().get(f.getKey());
      if (n != null && !n.getPackage().equals(f.getValue().getPackage())) {
        out.add(
            new Break(
                Rule.FILE_SAME_PACKAGE,
                f.getKey(),
                "package changed from " + f.getValue().getPackage() + " to " + n.getPackage()));
      }
    }
    old.messages()
        .forEach(
            (name, m) -> {
              DescriptorProto n = neu.messages().get(name);
              if (n != null) {
                message(name, m, n, out);
              }
            });
    old.enums()
        .forEach(
            (name, e) -> {
              EnumDescriptorProto n = neu.enums().get(name);
              if (n != null) {
                enumeration(name, e, n, out);
              }
            });
    old.services().forEach((name, s) -> service(name, s, neu.services().get(name), out));
    return out.stream().filter(b -> b.rule().in(rules)).toList();
  }

  private static void message(
      String name, DescriptorProto old, DescriptorProto neu, List<Break> out) {
    for (FieldDescriptorProto of : old.getFieldList()) {
      String subject = name + "." + of.getName();
      FieldDescriptorProto nf = field(neu, of.getNumber());
      if (nf == null) {
        if (!reservedNumber(neu, of.getNumber())) {
          out.add(
              new Break(
                  Rule.FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED,
                  subject,
                  "field " + of.getNumber() + " deleted without reserving its number"));
        }
        if (!neu.getReservedNameList().contains(of.getName())
            && fieldNamed(neu, of.getName()) == null) {
          out.add(
              new Break(
                  Rule.FIELD_NO_DELETE_UNLESS_NAME_RESERVED,
                  subject,
                  "field deleted without reserving its name"));
        }
        continue;
      }
      compareField(subject, old, of, neu, nf, out);
    }
    for (FieldDescriptorProto nf : neu.getFieldList()) {
      if (field(old, nf.getNumber()) == null && reservedNumber(old, nf.getNumber())) {
        out.add(
            new Break(
                Rule.RESERVED_NUMBER_REUSED,
                name + "." + nf.getName(),
                "uses number " + nf.getNumber() + ", which was reserved"));
      }
    }
  }

  private static void compareField(
      String subject,
      DescriptorProto oldMessage,
      FieldDescriptorProto of,
      DescriptorProto newMessage,
      FieldDescriptorProto nf,
      List<Break> out) {
    if (!of.getName().equals(nf.getName())) {
      out.add(
          new Break(
              Rule.FIELD_SAME_NAME,
              subject,
              "field " + of.getNumber() + " renamed from " + of.getName() + " to " + nf.getName()));
    }
    if (!jsonName(of).equals(jsonName(nf))) {
      out.add(
          new Break(
              Rule.FIELD_SAME_JSON_NAME,
              subject,
              "json_name changed from " + jsonName(of) + " to " + jsonName(nf)));
    }
    boolean oldRepeated = of.getLabel() == FieldDescriptorProto.Label.LABEL_REPEATED;
    boolean newRepeated = nf.getLabel() == FieldDescriptorProto.Label.LABEL_REPEATED;
    boolean oldMap = isMap(oldMessage, of);
    boolean newMap = isMap(newMessage, nf);
    if (oldRepeated != newRepeated || oldMap != newMap) {
      out.add(
          new Break(
              Rule.FIELD_WIRE_COMPATIBLE_CARDINALITY,
              subject,
              "changed from "
                  + cardinality(oldRepeated, oldMap)
                  + " to "
                  + cardinality(newRepeated, newMap)));
    }
    String oldOneof = oneof(oldMessage, of);
    String newOneof = oneof(newMessage, nf);
    if (!Objects.equals(oldOneof, newOneof)) {
      out.add(
          new Break(
              Rule.FIELD_SAME_ONEOF,
              subject,
              "moved from "
                  + (oldOneof == null ? "no oneof" : "oneof " + oldOneof)
                  + " to "
                  + (newOneof == null ? "no oneof" : "oneof " + newOneof)));
    }
    if (oldMap || newMap) {
      return; // a map's entry type is compared as its own message
    }
    String from = WireTypes.describe(of);
    String to = WireTypes.describe(nf);
    if (from.equals(to)) {
      return;
    }
    if (!WireTypes.wireCompatible(of, nf)) {
      out.add(
          new Break(
              Rule.FIELD_WIRE_COMPATIBLE_TYPE, subject, "type changed from " + from + " to " + to));
    } else if (!WireTypes.jsonCompatible(of, nf)) {
      out.add(
          new Break(
              Rule.FIELD_WIRE_JSON_COMPATIBLE_TYPE,
              subject,
              "type changed from " + from + " to " + to + " (same on the wire, not in JSON)"));
    }
  }

  private static void enumeration(
      String name, EnumDescriptorProto old, EnumDescriptorProto neu, List<Break> out) {
    for (EnumValueDescriptorProto ov : old.getValueList()) {
      String subject = name + "." + ov.getName();
      EnumValueDescriptorProto byNumber = value(neu, ov.getNumber());
      EnumValueDescriptorProto byName = valueNamed(neu, ov.getName());
      if (byNumber == null && !reservedNumber(neu, ov.getNumber())) {
        out.add(
            new Break(
                Rule.ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED,
                subject,
                byName == null
                    ? "value " + ov.getNumber() + " deleted without reserving its number"
                    : "renumbered from " + ov.getNumber() + " to " + byName.getNumber()));
      }
      if (byName == null && !neu.getReservedNameList().contains(ov.getName())) {
        out.add(
            new Break(
                Rule.ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED,
                subject,
                "value deleted without reserving its name"));
      }
      if (byNumber != null && !byNumber.getName().equals(ov.getName())) {
        out.add(
            new Break(
                Rule.ENUM_VALUE_SAME_NAME,
                subject,
                "value "
                    + ov.getNumber()
                    + " renamed from "
                    + ov.getName()
                    + " to "
                    + byNumber.getName()));
      }
    }
  }

  private static void service(
      String name, ServiceDescriptorProto old, ServiceDescriptorProto neu, List<Break> out) {
    for (MethodDescriptorProto om : old.getMethodList()) {
      String subject = name + "." + om.getName();
      MethodDescriptorProto nm = neu == null ? null : method(neu, om.getName());
      if (nm == null) {
        out.add(new Break(Rule.RPC_NO_DELETE, subject, "RPC deleted"));
        continue;
      }
      if (!om.getInputType().equals(nm.getInputType())) {
        out.add(
            new Break(
                Rule.RPC_SAME_REQUEST_TYPE,
                subject,
                "request type changed from " + om.getInputType() + " to " + nm.getInputType()));
      }
      if (!om.getOutputType().equals(nm.getOutputType())) {
        out.add(
            new Break(
                Rule.RPC_SAME_RESPONSE_TYPE,
                subject,
                "response type changed from " + om.getOutputType() + " to " + nm.getOutputType()));
      }
      if (om.getClientStreaming() != nm.getClientStreaming()) {
        out.add(new Break(Rule.RPC_SAME_CLIENT_STREAMING, subject, "client streaming changed"));
      }
      if (om.getServerStreaming() != nm.getServerStreaming()) {
        out.add(new Break(Rule.RPC_SAME_SERVER_STREAMING, subject, "server streaming changed"));
      }
    }
  }

  private static String jsonName(FieldDescriptorProto f) {
    return f.hasJsonName()
        ? f.getJsonName()
        : dev.duet.protogen.preprocess.Names.defaultJsonName(f.getName());
  }

  private static boolean isMap(DescriptorProto owner, FieldDescriptorProto f) {
    if (f.getType() != FieldDescriptorProto.Type.TYPE_MESSAGE
        || f.getLabel() != FieldDescriptorProto.Label.LABEL_REPEATED) {
      return false;
    }
    String simple = f.getTypeName().substring(f.getTypeName().lastIndexOf('.') + 1);
    return owner.getNestedTypeList().stream()
        .anyMatch(n -> n.getName().equals(simple) && n.getOptions().getMapEntry());
  }

  private static String cardinality(boolean repeated, boolean map) {
    return map ? "map" : repeated ? "repeated" : "singular";
  }

  /** The real oneof of a field; proto3 {@code optional} fields sit in synthetic ones. */
  private static String oneof(DescriptorProto owner, FieldDescriptorProto f) {
    if (!f.hasOneofIndex() || f.getProto3Optional()) {
      return null;
    }
    return owner.getOneofDecl(f.getOneofIndex()).getName();
  }

  private static FieldDescriptorProto field(DescriptorProto m, int number) {
    return m.getFieldList().stream().filter(f -> f.getNumber() == number).findFirst().orElse(null);
  }

  private static FieldDescriptorProto fieldNamed(DescriptorProto m, String name) {
    return m.getFieldList().stream().filter(f -> f.getName().equals(name)).findFirst().orElse(null);
  }

  private static boolean reservedNumber(DescriptorProto m, int number) {
    return m.getReservedRangeList().stream()
        .anyMatch(r -> number >= r.getStart() && number < r.getEnd());
  }

  private static boolean reservedNumber(EnumDescriptorProto e, int number) {
    // Enum reserved ranges are inclusive at both ends.
    return e.getReservedRangeList().stream()
        .anyMatch(r -> number >= r.getStart() && number <= r.getEnd());
  }

  private static EnumValueDescriptorProto value(EnumDescriptorProto e, int number) {
    return e.getValueList().stream().filter(v -> v.getNumber() == number).findFirst().orElse(null);
  }

  private static EnumValueDescriptorProto valueNamed(EnumDescriptorProto e, String name) {
    return e.getValueList().stream().filter(v -> v.getName().equals(name)).findFirst().orElse(null);
  }

  private static MethodDescriptorProto method(ServiceDescriptorProto s, String name) {
    return s.getMethodList().stream()
        .filter(m -> m.getName().equals(name))
        .findFirst()
        .orElse(null);
  }
}
