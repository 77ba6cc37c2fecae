package dev.duet.protogen.check;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Loads one side of a check: a folder of .proto files, a descriptor set file, a jar, or Maven
 * coordinates of a published jar. A jar with .proto files is compiled; a jar of generated Java
 * (like org.opensearch:protobufs, which ships no .proto) gives up the descriptors embedded in its
 * classes.
 */
public final class DescriptorSources {
  private DescriptorSources() {}

  public static FileDescriptorSet load(String source) {
    Path path = Path.of(source);
    if (Files.isDirectory(path)) {
      return Protoc.locate().compile(path);
    }
    if (Files.isRegularFile(path)) {
      return path.toString().endsWith(".jar") ? fromJar(path) : descriptorSet(path);
    }
    if (MavenArtifacts.isCoordinates(source)) {
      return fromJar(MavenArtifacts.resolve(source));
    }
    throw new CheckException(
        source + ": not a folder, a descriptor set, a jar, or group:artifact:version coordinates");
  }

  private static FileDescriptorSet descriptorSet(Path file) {
    try {
      return FileDescriptorSet.parseFrom(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new CheckException(file + ": not a FileDescriptorSet: " + e.getMessage(), e);
    }
  }

  static FileDescriptorSet fromJar(Path jar) {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      List<ZipEntry> protos = new ArrayList<>();
      List<String> classes = new ArrayList<>();
      for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
        ZipEntry entry = e.nextElement();
        String name = entry.getName();
        if (name.endsWith(".proto") && !name.startsWith("google/protobuf/")) {
          protos.add(entry);
        } else if (name.endsWith(".class") && !name.contains("$") && !name.contains("-")) {
          classes.add(name.substring(0, name.length() - 6).replace('/', '.'));
        }
      }
      if (!protos.isEmpty()) {
        Path dir = Files.createTempDirectory("protogen-jar");
        for (ZipEntry entry : protos) {
          Path target = dir.resolve(entry.getName()).normalize();
          if (!target.startsWith(dir)) {
            continue; // an entry that would escape the folder
          }
          Files.createDirectories(target.getParent());
          try (InputStream in = zip.getInputStream(entry)) {
            Files.copy(in, target);
          }
        }
        return Protoc.locate().compile(dir);
      }
      return fromClasses(jar, classes);
    } catch (IOException e) {
      throw new CheckException(jar + ": " + e.getMessage(), e);
    }
  }

  /** The file descriptors behind the generated outer classes ({@code getDescriptor()}). */
  private static FileDescriptorSet fromClasses(Path jar, List<String> classes) throws IOException {
    Map<String, FileDescriptorProto> files = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {jar.toUri().toURL()}, DescriptorSources.class.getClassLoader())) {
      for (String name : classes) {
        try {
          Class<?> c = Class.forName(name, false, loader);
          Method m = c.getMethod("getDescriptor");
          if (Modifier.isStatic(m.getModifiers()) && m.getReturnType() == FileDescriptor.class) {
            collect((FileDescriptor) m.invoke(null), files);
          }
        } catch (NoSuchMethodException e) {
          // not generated code
        } catch (ReflectiveOperationException | LinkageError e) {
          failures.add(name + ": " + e);
        }
      }
    }
    if (files.isEmpty()) {
      throw new CheckException(
          jar
              + ": no .proto files and no generated classes readable with protobuf-java "
              + Protoc.VERSION
              + (failures.isEmpty() ? "" : " (" + failures.get(0) + ")"));
    }
    return FileDescriptorSet.newBuilder().addAllFile(files.values()).build();
  }

  private static void collect(FileDescriptor fd, Map<String, FileDescriptorProto> files) {
    if (files.containsKey(fd.getName())) {
      return;
    }
    files.put(fd.getName(), fd.toProto());
    for (FileDescriptor dep : fd.getDependencies()) {
      collect(dep, files);
    }
  }
}
