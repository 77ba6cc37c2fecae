package dev.duet.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a node settings file into flat OpenSearch keys: a {@code .properties} file, or the simple
 * YAML OpenSearch's own {@code opensearch.yml} uses ({@code key: value} lines, nesting by
 * indentation flattened to dotted keys, {@code #} comments).
 */
public final class NodeSettingsFile {
  private NodeSettingsFile() {}

  public static Map<String, String> read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (file.getFileName().toString().endsWith(".properties")) {
      return readProperties(file);
    }
    return parseYaml(lines, file);
  }

  private static Map<String, String> readProperties(Path file) throws IOException {
    java.util.Properties props = new java.util.Properties();
    try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      props.load(reader);
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (String name : props.stringPropertyNames()) {
      out.put(name, props.getProperty(name));
    }
    return out;
  }

  static Map<String, String> parseYaml(List<String> lines, Path file) {
    Map<String, String> out = new LinkedHashMap<>();
    // Each entry: indentation of a parent key and its dotted prefix.
    Deque<Map.Entry<Integer, String>> parents = new ArrayDeque<>();
    int lineNo = 0;
    for (String raw : lines) {
      lineNo++;
      String line = stripComment(raw);
      if (line.isBlank()) {
        continue;
      }
      int indent = line.length() - line.stripLeading().length();
      String text = line.strip();
      int colon = text.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException(
            file + ":" + lineNo + ": expected 'key: value' but found [" + text + "]");
      }
      while (!parents.isEmpty() && parents.peek().getKey() >= indent) {
        parents.pop();
      }
      String key = text.substring(0, colon).strip();
      String fullKey = parents.isEmpty() ? key : parents.peek().getValue() + "." + key;
      String value = text.substring(colon + 1).strip();
      if (value.isEmpty()) {
        parents.push(Map.entry(indent, fullKey));
      } else {
        out.put(fullKey, unquote(value));
      }
    }
    return out;
  }

  private static String stripComment(String line) {
    int hash = line.indexOf('#');
    return hash < 0 ? line : line.substring(0, hash);
  }

  private static String unquote(String value) {
    if (value.length() >= 2
        && (value.startsWith("\"") && value.endsWith("\"")
            || value.startsWith("'") && value.endsWith("'"))) {
      return value.substring(1, value.length() - 1);
    }
    return value;
  }
}
