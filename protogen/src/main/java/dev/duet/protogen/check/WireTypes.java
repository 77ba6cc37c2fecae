package dev.duet.protogen.check;

import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto.Type;
import java.util.Locale;

/** Which field type changes keep the wire (and the JSON) encoding readable by old clients. */
final class WireTypes {
  private WireTypes() {}

  static String describe(FieldDescriptorProto f) {
    return switch (f.getType()) {
      case TYPE_MESSAGE -> "message " + f.getTypeName();
      case TYPE_ENUM -> "enum " + f.getTypeName();
      case TYPE_GROUP -> "group " + f.getTypeName();
      default -> f.getType().name().substring(5).toLowerCase(Locale.ROOT);
    };
  }

  /** buf's FIELD_WIRE_COMPATIBLE_TYPE: the old client decodes the new encoding. */
  static boolean wireCompatible(FieldDescriptorProto a, FieldDescriptorProto b) {
    if (a.getType() == Type.TYPE_MESSAGE || b.getType() == Type.TYPE_MESSAGE) {
      // Another message type may reuse numbers with other meanings: not checked deeper, a break.
      return a.getType() == b.getType() && a.getTypeName().equals(b.getTypeName());
    }
    return wireGroup(a.getType()).equals(wireGroup(b.getType()));
  }

  /** buf's FIELD_WIRE_JSON_COMPATIBLE_TYPE: also the same in proto3 JSON. */
  static boolean jsonCompatible(FieldDescriptorProto a, FieldDescriptorProto b) {
    if (a.getType() == Type.TYPE_ENUM || b.getType() == Type.TYPE_ENUM) {
      return a.getType() == b.getType() && a.getTypeName().equals(b.getTypeName());
    }
    return jsonGroup(a.getType()).equals(jsonGroup(b.getType()));
  }

  private static String wireGroup(Type t) {
    return switch (t) {
      case TYPE_INT32, TYPE_UINT32, TYPE_INT64, TYPE_UINT64, TYPE_BOOL, TYPE_ENUM -> "varint";
      case TYPE_SINT32, TYPE_SINT64 -> "zigzag";
      case TYPE_FIXED32, TYPE_SFIXED32 -> "fixed32";
      case TYPE_FIXED64, TYPE_SFIXED64 -> "fixed64";
      case TYPE_STRING, TYPE_BYTES -> "string/bytes";
      case TYPE_FLOAT -> "float";
      case TYPE_DOUBLE -> "double";
      default -> t.name();
    };
  }

  private static String jsonGroup(Type t) {
    return switch (t) {
      case TYPE_INT32, TYPE_SINT32, TYPE_SFIXED32 -> "int32";
      case TYPE_UINT32, TYPE_FIXED32 -> "uint32";
      case TYPE_INT64, TYPE_SINT64, TYPE_SFIXED64 -> "int64";
      case TYPE_UINT64, TYPE_FIXED64 -> "uint64";
      default -> t.name();
    };
  }
}
