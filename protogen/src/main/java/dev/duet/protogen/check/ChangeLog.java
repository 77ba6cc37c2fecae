package dev.duet.protogen.check;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** What changed between two versions, breaking or not: the report's "changes" section. */
final class ChangeLog {
  private ChangeLog() {}

  static List<String> changes(FileDescriptorSet oldSet, FileDescriptorSet newSet) {
    DescriptorIndex old = new DescriptorIndex(oldSet);
    DescriptorIndex neu = new DescriptorIndex(newSet);
    List<String> out = new ArrayList<>();
    presence("message", old.messages(), neu.messages(), out);
    presence("enum", old.enums(), neu.enums(), out);
    presence("service", old.services(), neu.services(), out);
    neu.messages()
        .forEach(
            (name, n) -> {
              DescriptorProto o = old.messages().get(name);
              if (o == null) {
                return;
              }
              for (FieldDescriptorProto f : n.getFieldList()) {
                if (o.getFieldList().stream().noneMatch(x -> x.getNumber() == f.getNumber())) {
                  out.add("added field " + name + "." + f.getName() + " = " + f.getNumber());
                }
              }
              for (FieldDescriptorProto f : o.getFieldList()) {
                if (n.getFieldList().stream().noneMatch(x -> x.getNumber() == f.getNumber())) {
                  out.add("removed field " + name + "." + f.getName() + " = " + f.getNumber());
                }
              }
            });
    neu.enums()
        .forEach(
            (name, n) -> {
              EnumDescriptorProto o = old.enums().get(name);
              if (o == null) {
                return;
              }
              for (EnumValueDescriptorProto v : n.getValueList()) {
                if (o.getValueList().stream().noneMatch(x -> x.getName().equals(v.getName()))) {
                  out.add("added enum value " + name + "." + v.getName() + " = " + v.getNumber());
                }
              }
            });
    neu.services()
        .forEach(
            (name, n) -> {
              ServiceDescriptorProto o = old.services().get(name);
              if (o == null) {
                return;
              }
              for (MethodDescriptorProto m : n.getMethodList()) {
                if (o.getMethodList().stream().noneMatch(x -> x.getName().equals(m.getName()))) {
                  out.add("added rpc " + name + "." + m.getName());
                }
              }
            });
    return out;
  }

  private static void presence(
      String kind, Map<String, ?> old, Map<String, ?> neu, List<String> out) {
    for (String name : neu.keySet()) {
      if (!old.containsKey(name)) {
        out.add("added " + kind + " " + name);
      }
    }
    for (String name : old.keySet()) {
      if (!neu.containsKey(name)) {
        out.add("removed " + kind + " " + name);
      }
    }
  }
}
