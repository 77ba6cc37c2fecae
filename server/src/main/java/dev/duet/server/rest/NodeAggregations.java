package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.server.rest.codec.AggregationsDecoder;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code aggregations} section of {@code _nodes} info: of the aggregations OpenSearch 3.8 lists
 * (with the value-source types each reads, from {@code node-aggregations.txt}), those Duet parses.
 */
final class NodeAggregations {
  private static final Map<String, List<String>> TABLE = load();

  private NodeAggregations() {}

  static void write(JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("aggregations");
    for (Map.Entry<String, List<String>> e : TABLE.entrySet()) {
      if (!AggregationsDecoder.knows(e.getKey())) {
        continue;
      }
      g.writeObjectFieldStart(e.getKey());
      g.writeArrayFieldStart("types");
      for (String type : e.getValue()) {
        g.writeString(type);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static Map<String, List<String>> load() {
    Map<String, List<String>> out = new LinkedHashMap<>();
    try (InputStream in = NodeAggregations.class.getResourceAsStream("node-aggregations.txt");
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        int eq = line.indexOf(" = ");
        out.put(line.substring(0, eq), List.of(line.substring(eq + 3).trim().split(" ")));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
