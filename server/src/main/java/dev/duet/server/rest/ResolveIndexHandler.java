package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Patterns;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code GET /_resolve/index/{name}}: the indices and aliases an expression names (names, wildcards
 * by {@code expand_wildcards}, exclusions after a wildcard), each index with its aliases and
 * attributes ({@code open}/{@code closed}, {@code hidden}), each alias with its indices; names that
 * exist nowhere are left out, as OpenSearch leaves them. Duet has no data streams.
 */
final class ResolveIndexHandler implements RestHandler {
  private final Actions actions;

  ResolveIndexHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    IndicesOptions options = RestIndicesOptions.of(request, IndicesOptions.DEFAULTS);
    Map<String, IndexInfo> all = new TreeMap<>();
    for (IndexInfo info : actions.indices().list("*", IndicesOptions.ALL)) {
      all.put(info.name(), info);
    }
    Map<String, TreeSet<String>> aliases = new TreeMap<>();
    all.values()
        .forEach(
            info ->
                info.aliases()
                    .keySet()
                    .forEach(
                        a -> aliases.computeIfAbsent(a, k -> new TreeSet<>()).add(info.name())));
    TreeSet<String> indices = new TreeSet<>();
    TreeSet<String> aliasNames = new TreeSet<>();
    boolean wildcardSeen = false;
    for (String raw : request.pathParam("name").split(",")) {
      String part = raw.strip();
      if (part.isEmpty()) {
        continue;
      }
      if (wildcardSeen && part.startsWith("-")) {
        String excluded = part.substring(1);
        indices.removeIf(name -> Patterns.matches(excluded, name));
        aliasNames.removeIf(name -> Patterns.matches(excluded, name));
        continue;
      }
      if (part.contains("*")) {
        wildcardSeen = true;
        for (IndexInfo info : all.values()) {
          if (Patterns.matches(part, info.name()) && expands(info, options)) {
            indices.add(info.name());
          }
        }
        for (String alias : aliases.keySet()) {
          if (Patterns.matches(part, alias)) {
            aliasNames.add(alias);
          }
        }
      } else if (all.containsKey(part)) {
        indices.add(part);
      } else if (aliases.containsKey(part)) {
        aliasNames.add(part);
      }
    }
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("indices");
    for (String name : indices) {
      IndexInfo info = all.get(name);
      g.writeStartObject();
      g.writeStringField("name", name);
      if (!info.aliases().isEmpty()) {
        g.writeArrayFieldStart("aliases");
        for (String alias : new TreeSet<>(info.aliases().keySet())) {
          g.writeString(alias);
        }
        g.writeEndArray();
      }
      g.writeArrayFieldStart("attributes");
      List<String> attributes = new ArrayList<>();
      if (info.hidden()) {
        attributes.add("hidden");
      }
      attributes.add(info.closed() ? "closed" : "open");
      for (String attribute : attributes) {
        g.writeString(attribute);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("aliases");
    for (String alias : aliasNames) {
      g.writeStartObject();
      g.writeStringField("name", alias);
      g.writeArrayFieldStart("indices");
      for (String index : aliases.get(alias)) {
        g.writeString(index);
      }
      g.writeEndArray();
      g.writeEndObject();
    }
    g.writeEndArray();
    g.writeArrayFieldStart("data_streams");
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  private static boolean expands(IndexInfo info, IndicesOptions options) {
    if (info.hidden() && !options.expandHidden()) {
      return false;
    }
    return info.closed() ? options.expandClosed() : options.expandOpen();
  }
}
