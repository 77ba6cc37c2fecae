package dev.duet.engine.internal.meta;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexFailure;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.internal.source.Wildcards;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The indices that could not be opened at start-up: one bad index must not keep the node down, so
 * it is kept here, on disk untouched, reported red with its reason, refused with a 503 until it is
 * deleted (which removes its folder) or repaired offline and the node restarted.
 */
public final class FailedIndices {
  private final Map<String, Entry> byName = new ConcurrentHashMap<>();

  private record Entry(IndexFailure failure, Path dir) {}

  /**
   * Records the index in {@code dir} as failed; its name is read from what is legible of its
   * metadata, else its folder's name stands in.
   */
  public IndexFailure add(Path dir, String reason, Collection<String> taken) {
    String folder = dir.getFileName().toString();
    Peek peek = peek(dir);
    String name = peek.name();
    if (name == null || name.isEmpty() || taken.contains(name) || byName.containsKey(name)) {
      name = folder;
    }
    IndexFailure failure = new IndexFailure(name, folder, peek.shards(), reason);
    byName.put(name, new Entry(failure, dir));
    return failure;
  }

  public boolean contains(String name) {
    return byName.containsKey(name);
  }

  public List<IndexFailure> list() {
    List<IndexFailure> out = new ArrayList<>();
    byName.values().forEach(e -> out.add(e.failure()));
    out.sort(Comparator.comparing(IndexFailure::name));
    return out;
  }

  IndexFailure get(String name) {
    Entry e = byName.get(name);
    return e == null ? null : e.failure();
  }

  /** Forgets the index; returns its folder for the caller to delete, or null if unknown. */
  public Path remove(String name) {
    Entry e = byName.remove(name);
    return e == null ? null : e.dir();
  }

  /** The failed indices a delete expression names: by name, by wildcard or {@code _all}. */
  public List<String> matching(String expression) {
    List<String> out = new ArrayList<>();
    for (String part : expression.split(",")) {
      String p = part.trim();
      for (String name : byName.keySet()) {
        boolean hit =
            p.equals(name)
                || ((p.equals("_all") || p.indexOf('*') >= 0)
                    && Wildcards.matches(p.equals("_all") ? "*" : p, name));
        if (hit && !out.contains(name)) {
          out.add(name);
        }
      }
    }
    return out;
  }

  /** 503 if any comma-separated part of an expression is a failed index's exact name. */
  public void checkNotNamed(Collection<String> expressions) {
    if (byName.isEmpty() || expressions == null) {
      return;
    }
    for (String expression : expressions) {
      if (expression == null) {
        continue;
      }
      for (String part : expression.split(",")) {
        if (byName.containsKey(part.trim())) {
          throw unavailable(part.trim());
        }
      }
    }
  }

  /** What every request to a failed index hears: a shard that is not available, and why. */
  public DuetException unavailable(String name) {
    IndexFailure failure = get(name);
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", name);
    meta.put("index_uuid", failure == null ? "_na_" : failure.uuid());
    meta.put("shard", "0");
    return new DuetException(
        503,
        "no_shard_available_action_exception",
        "["
            + name
            + "][0] is red, its shard failed to open: "
            + (failure == null ? "unknown" : failure.reason()),
        meta,
        null);
  }

  /** The index name its folder's metadata gives, as far as it can be read; null if none. */
  public static String nameIn(Path dir) {
    return peek(dir).name();
  }

  private record Peek(String name, int shards) {}

  /**
   * Reads as much of {@code index.json} as parses: its name is written first, so even metadata
   * broken further on (a field name no parser accepts) still says whose it was.
   */
  private static Peek peek(Path dir) {
    String name = null;
    int shards = 1;
    Path file = dir.resolve(IndexMetadata.FILE);
    if (!Files.isRegularFile(file)) {
      return new Peek(null, shards);
    }
    try (JsonParser p = JsonMaps.JSON.createParser(Files.readAllBytes(file))) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return new Peek(null, shards);
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals("name") && value == JsonToken.VALUE_STRING) {
          name = p.getText();
        } else if (field.equals("settings") && value == JsonToken.START_OBJECT) {
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            if (key.equals("number_of_shards") || key.equals("index.number_of_shards")) {
              shards = Math.max(1, Integer.parseInt(p.getValueAsString("1")));
            }
            p.skipChildren();
          }
        } else {
          p.skipChildren();
        }
      }
    } catch (IOException | RuntimeException e) {
      // What was read before the damage is all there is to say.
    }
    return new Peek(name, shards);
  }
}
