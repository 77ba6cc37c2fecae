package dev.duet.protogen.check;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import java.util.Map;
import java.util.TreeMap;

/** The files, messages, enums and services of a descriptor set by fully qualified name. */
record DescriptorIndex(
    Map<String, FileDescriptorProto> files,
    Map<String, DescriptorProto> messages,
    Map<String, EnumDescriptorProto> enums,
    Map<String, ServiceDescriptorProto> services) {

  DescriptorIndex(FileDescriptorSet set) {
    this(new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
    for (FileDescriptorProto f : set.getFileList()) {
      if (f.getName().startsWith("google/protobuf/")) {
        continue; // well-known types are not the API under check
      }
      files.put(f.getName(), f);
      String prefix = f.getPackage().isEmpty() ? "" : f.getPackage() + ".";
      for (DescriptorProto m : f.getMessageTypeList()) {
        addMessage(prefix + m.getName(), m);
      }
      for (EnumDescriptorProto e : f.getEnumTypeList()) {
        enums.put(prefix + e.getName(), e);
      }
      for (ServiceDescriptorProto s : f.getServiceList()) {
        services.put(prefix + s.getName(), s);
      }
    }
  }

  private void addMessage(String name, DescriptorProto m) {
    messages.put(name, m);
    for (DescriptorProto n : m.getNestedTypeList()) {
      addMessage(name + "." + n.getName(), n);
    }
    for (EnumDescriptorProto e : m.getEnumTypeList()) {
      enums.put(name + "." + e.getName(), e);
    }
  }
}
