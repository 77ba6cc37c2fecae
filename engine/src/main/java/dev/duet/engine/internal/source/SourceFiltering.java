package dev.duet.engine.internal.source;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code _source} includes/excludes applied in one streaming pass over the stored bytes: a path is
 * kept when an include pattern matches it or one of its parents and no exclude pattern does;
 * objects left empty by filtering are dropped, as in OpenSearch.
 */
public final class SourceFiltering {
  private final List<String> includes;
  private final List<String> excludes;
  private final List<Frame> frames = new ArrayList<>();
  private JsonGenerator g;

  private SourceFiltering(List<String> includes, List<String> excludes) {
    this.includes = includes;
    this.excludes = excludes;
  }

  /**
   * The filtered source ({@code search/SourceFilter}'s fields), the same bytes when the filter
   * keeps everything, null when not fetched.
   */
  public static byte[] filter(
      byte[] source, boolean fetch, List<String> includes, List<String> excludes) {
    if (!fetch || source == null) {
      return null;
    }
    if (includes.isEmpty() && excludes.isEmpty()) {
      return source;
    }
    return new SourceFiltering(includes, excludes).apply(source);
  }

  private byte[] apply(byte[] source) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(source.length);
    try (JsonParser p = JsonMaps.JSON.createParser(source);
        JsonGenerator generator = JsonMaps.JSON.createGenerator(out)) {
      this.g = generator;
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return source;
      }
      g.writeStartObject();
      filterObject(p, "", includes.isEmpty());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private void filterObject(JsonParser p, String path, boolean included) throws IOException {
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken t = p.nextToken();
      String full = path.isEmpty() ? name : path + "." + name;
      if (matchesAny(excludes, full)) {
        p.skipChildren();
        continue;
      }
      boolean keep = included || matchesAny(includes, full);
      if (!keep && !couldIncludeBelow(full)) {
        p.skipChildren();
        continue;
      }
      if (keep && excludes.isEmpty() && t.isStructStart()) {
        flush();
        g.writeFieldName(name);
        g.copyCurrentStructure(p);
      } else if (t == JsonToken.START_OBJECT) {
        frames.add(new Frame(name, false));
        filterObject(p, full, keep);
        pop(keep);
      } else if (t == JsonToken.START_ARRAY) {
        frames.add(new Frame(name, true));
        filterArray(p, full, keep);
        pop(keep);
      } else if (keep) {
        flush();
        g.writeFieldName(name);
        g.copyCurrentEvent(p);
      }
    }
  }

  private void filterArray(JsonParser p, String path, boolean included) throws IOException {
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t == JsonToken.START_OBJECT) {
        frames.add(new Frame(null, false));
        filterObject(p, path, included);
        pop(included);
      } else if (t == JsonToken.START_ARRAY) {
        frames.add(new Frame(null, true));
        filterArray(p, path, included);
        pop(included);
      } else if (included) {
        flush();
        g.copyCurrentEvent(p);
      }
    }
  }

  private boolean couldIncludeBelow(String path) {
    for (String pattern : includes) {
      if (Wildcards.couldMatchBelow(pattern, path)) {
        return true;
      }
    }
    return false;
  }

  private static boolean matchesAny(List<String> patterns, String path) {
    for (String pattern : patterns) {
      if (Wildcards.matches(pattern, path)) {
        return true;
      }
    }
    return false;
  }

  /** Writes the starts of the containers on the way to a value that is kept. */
  private void flush() throws IOException {
    for (Frame f : frames) {
      if (!f.written) {
        if (f.name != null) {
          g.writeFieldName(f.name);
        }
        if (f.array) {
          g.writeStartArray();
        } else {
          g.writeStartObject();
        }
        f.written = true;
      }
    }
  }

  private void pop(boolean keepEmpty) throws IOException {
    Frame f = frames.get(frames.size() - 1);
    if (!f.written && keepEmpty) {
      flush();
    }
    frames.remove(frames.size() - 1);
    if (f.written) {
      if (f.array) {
        g.writeEndArray();
      } else {
        g.writeEndObject();
      }
    }
  }

  /** A container whose start is written only once something inside it is kept. */
  private static final class Frame {
    final String name;
    final boolean array;
    boolean written;

    Frame(String name, boolean array) {
      this.name = name;
      this.array = array;
    }
  }
}
