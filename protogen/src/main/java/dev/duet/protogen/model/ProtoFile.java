package dev.duet.protogen.model;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** One generated .proto file: a package with its messages, enums and services. */
public final class ProtoFile {
  private final String path;
  private final String protoPackage;
  private final TreeSet<String> imports = new TreeSet<>();
  private final List<MessageDef> messages = new ArrayList<>();
  private final List<EnumDef> enums = new ArrayList<>();
  private final List<ServiceDef> services = new ArrayList<>();
  private String javaPackage;

  public ProtoFile(String path, String protoPackage) {
    this.path = path;
    this.protoPackage = protoPackage;
  }

  /** Path relative to the output folder, e.g. {@code duet/documents/documents.proto}. */
  public String path() {
    return path;
  }

  public String protoPackage() {
    return protoPackage;
  }

  public TreeSet<String> imports() {
    return imports;
  }

  public List<MessageDef> messages() {
    return messages;
  }

  public List<EnumDef> enums() {
    return enums;
  }

  public List<ServiceDef> services() {
    return services;
  }

  /** The {@code java_package} option, or null for protoc's default (the proto package). */
  public String javaPackage() {
    return javaPackage;
  }

  public void javaPackage(String javaPackage) {
    this.javaPackage = javaPackage;
  }
}
