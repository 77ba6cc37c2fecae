package dev.duet.protogen.preprocess;

import dev.duet.protogen.model.EnumDef;
import dev.duet.protogen.model.FieldDef;
import dev.duet.protogen.model.MessageDef;
import dev.duet.protogen.model.ProtoFile;
import dev.duet.protogen.model.ServiceDef;
import java.util.List;
import java.util.Map;

/** Works out each file's imports from the types its fields and RPCs use. */
final class Imports {
  private static final Map<String, String> WELL_KNOWN =
      Map.of(
          ".google.protobuf.Struct", "google/protobuf/struct.proto",
          ".google.protobuf.Value", "google/protobuf/struct.proto",
          ".google.protobuf.ListValue", "google/protobuf/struct.proto",
          ".google.protobuf.Empty", "google/protobuf/empty.proto",
          ".google.protobuf.Any", "google/protobuf/any.proto",
          ".google.protobuf.Timestamp", "google/protobuf/timestamp.proto",
          ".google.protobuf.Duration", "google/protobuf/duration.proto");

  private Imports() {}

  static void resolve(List<ProtoFile> files, ProtoFile options) {
    for (ProtoFile f : files) {
      if (usesOptions(f)) {
        f.imports().add(options.path());
      }
      for (MessageDef m : f.messages()) {
        addFor(f, m, files);
      }
      for (ServiceDef s : f.services()) {
        for (ServiceDef.RpcDef r : s.rpcs()) {
          add(f, r.requestType(), files);
          add(f, r.responseType(), files);
        }
      }
    }
  }

  private static boolean usesOptions(ProtoFile f) {
    return f.enums().stream().anyMatch(Imports::hasJsonValues)
        || f.messages().stream().anyMatch(Imports::usesOptions);
  }

  private static boolean usesOptions(MessageDef m) {
    return m.shape() != MessageDef.JsonShape.OBJECT
        || m.fields().stream().anyMatch(f -> f.rawJson() || f.otherKeys())
        || m.nestedEnums().stream().anyMatch(Imports::hasJsonValues)
        || m.nested().stream().anyMatch(Imports::usesOptions);
  }

  private static boolean hasJsonValues(EnumDef e) {
    return e.values().stream().anyMatch(v -> v.jsonValue() != null);
  }

  private static void addFor(ProtoFile f, MessageDef m, List<ProtoFile> files) {
    for (FieldDef field : m.fields()) {
      add(f, field.type(), files);
    }
    for (MessageDef n : m.nested()) {
      addFor(f, n, files);
    }
  }

  private static void add(ProtoFile f, String type, List<ProtoFile> files) {
    if (!type.startsWith(".")) {
      return;
    }
    if (type.startsWith(".google.protobuf.")) {
      String wk = WELL_KNOWN.get(type);
      f.imports().add(wk != null ? wk : "google/protobuf/wrappers.proto");
      return;
    }
    for (ProtoFile other : files) {
      if (other != f && type.startsWith("." + other.protoPackage() + ".")) {
        f.imports().add(other.path());
      }
    }
  }
}
