package dev.duet.engine.internal.meta;

import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.mapping.Mapping;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What survives a restart about an index besides its documents: name, uuid, creation date,
 * settings, mapping and aliases (by alias name). Stored as {@code index.json} in the index folder,
 * replaced atomically (temp file, fsync, rename, fsync of the folder) so a crash leaves the old or
 * the new version.
 */
public record IndexMetadata(
    String name,
    String uuid,
    long creationDate,
    IndexSettings settings,
    Mapping mapping,
    Map<String, AliasMetadata> aliases,
    boolean closed) {
  public static final String FILE = "index.json";

  public IndexMetadata {
    aliases = Collections.unmodifiableMap(new TreeMap<>(aliases));
  }

  public IndexMetadata(
      String name, String uuid, long creationDate, IndexSettings settings, Mapping mapping) {
    this(name, uuid, creationDate, settings, mapping, Map.of());
  }

  /** An open index's metadata. */
  public IndexMetadata(
      String name,
      String uuid,
      long creationDate,
      IndexSettings settings,
      Mapping mapping,
      Map<String, AliasMetadata> aliases) {
    this(name, uuid, creationDate, settings, mapping, aliases, false);
  }

  /** The same index, closed ({@code _close}) or open again ({@code _open}). */
  public IndexMetadata withClosed(boolean newClosed) {
    return new IndexMetadata(name, uuid, creationDate, settings, mapping, aliases, newClosed);
  }

  /** {@code index.hidden}: wildcards reach it only when {@code expand_wildcards} says hidden. */
  public boolean hidden() {
    return "true".equals(settings.get("hidden"));
  }

  public IndexMetadata withMapping(Mapping newMapping) {
    return new IndexMetadata(name, uuid, creationDate, settings, newMapping, aliases, closed);
  }

  public IndexMetadata withSettings(IndexSettings newSettings) {
    return new IndexMetadata(name, uuid, creationDate, newSettings, mapping, aliases, closed);
  }

  public IndexMetadata withAliases(Map<String, AliasMetadata> newAliases) {
    return new IndexMetadata(name, uuid, creationDate, settings, mapping, newAliases, closed);
  }

  public void write(Path indexDir) throws IOException {
    byte[] bytes = toJson();
    checkReadable(bytes);
    Path tmp = indexDir.resolve(FILE + ".tmp");
    try (FileChannel ch =
        FileChannel.open(
            tmp,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        ch.write(buffer);
      }
      ch.force(true);
    }
    try {
      Files.move(
          tmp,
          indexDir.resolve(FILE),
          StandardCopyOption.ATOMIC_MOVE,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, indexDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
    }
    try (FileChannel dir = FileChannel.open(indexDir, StandardOpenOption.READ)) {
      dir.force(true);
    } catch (IOException e) {
      // Some file systems cannot fsync a directory; the rename is still atomic.
    }
  }

  /** This metadata as {@code index.json} holds it (what a snapshot keeps of an index). */
  public byte[] toJson() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("name", name);
    root.put("uuid", uuid);
    root.put("creation_date", creationDate);
    if (closed) {
      root.put("state", "close");
    }
    Map<String, Object> settingsMap = new LinkedHashMap<>(settings.sorted());
    settingsMap.putAll(settings.lists()); // arrays stay arrays
    root.put("settings", settingsMap);
    root.put("mappings", mapping.toMap());
    Map<String, Object> aliasMaps = new LinkedHashMap<>();
    aliases.forEach((alias, meta) -> aliasMaps.put(alias, meta.toMap()));
    root.put("aliases", aliasMaps);
    return JsonMaps.write(root);
  }

  /** Metadata from the bytes {@link #toJson} wrote. */
  public static IndexMetadata fromJson(byte[] bytes) throws IOException {
    return parse(bytes);
  }

  /**
   * The last guard of "nothing a request writes stops the node from starting": metadata that would
   * not read back is refused before it replaces the file, whatever validation let it through.
   */
  private static void checkReadable(byte[] bytes) {
    try {
      parse(bytes);
    } catch (IOException | RuntimeException e) {
      throw new dev.duet.engine.error.DuetException(
          400,
          "mapper_parsing_exception",
          "the index metadata could not be stored, as it would not read back: " + e.getMessage());
    }
  }

  public static IndexMetadata read(Path indexDir) throws IOException {
    return parse(Files.readAllBytes(indexDir.resolve(FILE)));
  }

  @SuppressWarnings("unchecked")
  private static IndexMetadata parse(byte[] bytes) throws IOException {
    Map<String, Object> root = (Map<String, Object>) JsonMaps.read(bytes);
    Map<String, String> settings = new LinkedHashMap<>();
    Map<String, java.util.List<String>> lists = new LinkedHashMap<>();
    ((Map<String, Object>) root.getOrDefault("settings", Map.of()))
        .forEach(
            (k, v) -> {
              if (v instanceof java.util.List<?> list) {
                java.util.List<String> elements = list.stream().map(String::valueOf).toList();
                lists.put(k, elements);
                settings.put(k, String.join(",", elements));
              } else {
                settings.put(k, String.valueOf(v));
              }
            });
    Map<String, AliasMetadata> aliases = new LinkedHashMap<>();
    ((Map<String, Object>) root.getOrDefault("aliases", Map.of()))
        .forEach((k, v) -> aliases.put(k, AliasMetadata.fromMap(k, (Map<String, Object>) v)));
    return new IndexMetadata(
        (String) root.get("name"),
        (String) root.get("uuid"),
        ((Number) root.get("creation_date")).longValue(),
        new IndexSettings(settings, lists),
        // Checked against the index's analysis when created; read back as written.
        Mapping.fromMap((Map<String, Object>) root.getOrDefault("mappings", Map.of()), null, null),
        aliases,
        "close".equals(root.get("state")));
  }
}
