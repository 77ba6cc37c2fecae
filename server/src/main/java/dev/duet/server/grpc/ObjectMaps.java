package dev.duet.server.grpc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.protobufs.NullValue;
import org.opensearch.protobufs.ObjectMap;

/**
 * {@link ObjectMap}, protobuf's free-form object (an aggregation's {@code meta}), to and from the
 * neutral form of REST bodies (Map, List, String, Long, Double, Boolean, null).
 */
final class ObjectMaps {
  private ObjectMaps() {}

  static Map<String, Object> toMap(ObjectMap map) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, ObjectMap.Value> e : map.getFieldsMap().entrySet()) {
      out.put(e.getKey(), toValue(e.getValue()));
    }
    return out;
  }

  private static Object toValue(ObjectMap.Value v) {
    return switch (v.getValueCase()) {
      case INT32 -> (long) v.getInt32();
      case INT64 -> v.getInt64();
      case FLOAT -> (double) v.getFloat();
      case DOUBLE -> v.getDouble();
      case STRING -> v.getString();
      case BOOL -> v.getBool();
      case OBJECT_MAP -> toMap(v.getObjectMap());
      case LIST_VALUE -> {
        List<Object> list = new ArrayList<>();
        for (ObjectMap.Value element : v.getListValue().getValueList()) {
          list.add(toValue(element));
        }
        yield list;
      }
      case NULL_VALUE, VALUE_NOT_SET -> null;
    };
  }

  static ObjectMap fromMap(Map<String, Object> map) {
    ObjectMap.Builder out = ObjectMap.newBuilder();
    for (Map.Entry<String, Object> e : map.entrySet()) {
      out.putFields(e.getKey(), fromValue(e.getValue()));
    }
    return out.build();
  }

  @SuppressWarnings("unchecked")
  private static ObjectMap.Value fromValue(Object value) {
    ObjectMap.Value.Builder out = ObjectMap.Value.newBuilder();
    return switch (value) {
      case null -> out.setNullValue(NullValue.NULL_VALUE_NULL).build();
      case String s -> out.setString(s).build();
      case Long l -> out.setInt64(l).build();
      case Integer i -> out.setInt32(i).build();
      case Double d -> out.setDouble(d).build();
      case Float f -> out.setFloat(f).build();
      case Boolean b -> out.setBool(b).build();
      case Map<?, ?> m -> out.setObjectMap(fromMap((Map<String, Object>) m)).build();
      case List<?> list -> {
        ObjectMap.ListValue.Builder values = ObjectMap.ListValue.newBuilder();
        for (Object element : list) {
          values.addValue(fromValue(element));
        }
        yield out.setListValue(values).build();
      }
      default -> out.setString(value.toString()).build();
    };
  }
}
