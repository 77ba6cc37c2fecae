package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Patterns;
import dev.duet.engine.search.Slice;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.SliceDecoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code GET|POST /[{index}/]_search_shards}: the shards a search would run on, each index with the
 * aliases the expression reached it through and their combined filter, narrowed by {@code routing}
 * (OpenSearch's murmur3 routing over the index's routing shards), an alias's search routing, {@code
 * preference=_shards:…} and a body's {@code slice}. Every primary is on this node; replicas are
 * unassigned, so not listed.
 */
final class SearchShardsHandler implements RestHandler {
  private final Actions actions;
  private final NodeIdentity node;
  private final ClusterStateHandler clusterState;

  SearchShardsHandler(Actions actions, NodeIdentity node, ClusterStateHandler clusterState) {
    this.actions = actions;
    this.node = node;
    this.clusterState = clusterState;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    String expression = request.pathParam("index");
    if (expression == null || expression.isBlank()) {
      expression = "_all";
    }
    IndicesOptions options = RestIndicesOptions.of(request, IndicesOptions.DEFAULTS);
    List<IndexInfo> indices = actions.indices().list(expression, options);
    Set<Integer> preferred = preferredShards(request.param("preference"));
    int sliceId = -1;
    int sliceMax = -1;
    if (request.hasContent()) {
      Slice slice =
          SliceDecoder.fromBody(
              request.contentArray(), request.contentOffset(), request.contentLength());
      if (slice != null) {
        sliceId = slice.id();
        sliceMax = slice.max();
      }
    }
    List<String> parts = new ArrayList<>();
    for (String p : expression.split(",")) {
      parts.add(p.strip());
    }
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("nodes");
    if (!indices.isEmpty()) {
      g.writeObjectFieldStart(node.nodeId());
      g.writeStringField("name", node.nodeName());
      g.writeStringField("ephemeral_id", clusterState.ephemeralId());
      g.writeStringField("transport_address", node.transportAddress());
      g.writeObjectFieldStart("attributes");
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeObjectFieldStart("indices");
    List<int[]> shards = new ArrayList<>();
    List<IndexInfo> shardIndex = new ArrayList<>();
    for (IndexInfo info : indices) {
      boolean named = parts.stream().anyMatch(p -> matches(p, info.name()));
      List<AliasMetadata> via = new ArrayList<>();
      for (AliasMetadata alias : info.aliases().values()) {
        if (parts.stream().anyMatch(p -> matches(p, alias.name()))) {
          via.add(alias);
        }
      }
      g.writeObjectFieldStart(info.name());
      if (!via.isEmpty()) {
        g.writeArrayFieldStart("aliases");
        for (String name : new TreeSet<>(via.stream().map(AliasMetadata::name).toList())) {
          g.writeString(name);
        }
        g.writeEndArray();
        Map<String, Object> filter = named ? null : combinedFilter(via);
        if (filter != null) {
          g.writeFieldName("filter");
          Json.writeValue(g, filter);
        }
      }
      g.writeEndObject();
      Set<String> routing = routing(request.param("routing"), named ? List.of() : via);
      List<Integer> selected = new ArrayList<>();
      for (int shard = 0; shard < info.settings().numberOfShards(); shard++) {
        if ((routing == null || routedShards(info, routing).contains(shard))
            && (preferred == null || preferred.contains(shard))) {
          selected.add(shard);
        }
      }
      for (int i = 0; i < selected.size(); i++) {
        if (sliceMax <= 0 || i % sliceMax == sliceId) {
          shards.add(new int[] {selected.get(i)});
          shardIndex.add(info);
        }
      }
    }
    g.writeEndObject();
    g.writeArrayFieldStart("shards");
    for (int i = 0; i < shards.size(); i++) {
      IndexInfo info = shardIndex.get(i);
      int shard = shards.get(i)[0];
      g.writeStartArray();
      g.writeStartObject();
      g.writeStringField("state", "STARTED");
      g.writeBooleanField("primary", true);
      g.writeBooleanField("searchOnly", false);
      g.writeStringField("node", node.nodeId());
      g.writeNullField("relocating_node");
      g.writeNumberField("shard", shard);
      g.writeStringField("index", info.name());
      g.writeObjectFieldStart("allocation_id");
      g.writeStringField("id", ClusterStateHandler.allocationId(info, shard));
      g.writeEndObject();
      g.writeEndObject();
      g.writeEndArray();
    }
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** The shard of each routing value, as the engine routes documents. */
  private Set<Integer> routedShards(IndexInfo info, Set<String> routing) {
    Set<Integer> out = new LinkedHashSet<>();
    for (String value : routing) {
      out.add(actions.indices().shardOf(info.settings(), value));
    }
    return out;
  }

  private static boolean matches(String part, String name) {
    return part.equals("_all")
        || part.equals(name)
        || (part.contains("*") && Patterns.matches(part, name));
  }

  /** The request's routing values, narrowed to (or taken from) the aliases' search routing. */
  private static Set<String> routing(String param, List<AliasMetadata> aliases) {
    Set<String> asked = param == null ? null : split(param);
    Set<String> fromAliases = null;
    for (AliasMetadata alias : aliases) {
      if (alias.searchRouting() == null) {
        return asked;
      }
      if (fromAliases == null) {
        fromAliases = new LinkedHashSet<>();
      }
      fromAliases.addAll(split(alias.searchRouting()));
    }
    if (fromAliases == null) {
      return asked;
    }
    if (asked == null) {
      return fromAliases;
    }
    fromAliases.retainAll(asked);
    return fromAliases;
  }

  private static Set<String> split(String csv) {
    Set<String> out = new LinkedHashSet<>();
    for (String s : csv.split(",")) {
      if (!s.isBlank()) {
        out.add(s.strip());
      }
    }
    return out;
  }

  /** {@code _shards:0,2}: the shards a preference keeps (null: every shard). */
  private static Set<Integer> preferredShards(String preference) {
    if (preference == null || !preference.startsWith("_shards:")) {
      return null;
    }
    String list = preference.substring("_shards:".length());
    int bar = list.indexOf('|');
    if (bar >= 0) {
      list = list.substring(0, bar);
    }
    Set<Integer> out = new LinkedHashSet<>();
    for (String s : list.split(",")) {
      try {
        out.add(Integer.parseInt(s.strip()));
      } catch (NumberFormatException e) {
        throw DuetException.illegalArgument(
            "No shard id found for preference [" + preference + "]");
      }
    }
    return out;
  }

  /**
   * The filter of the aliases an index was reached through, in OpenSearch's rendering: none when
   * one of them has none, the one filter, or a {@code bool} that should match any.
   */
  private static Map<String, Object> combinedFilter(List<AliasMetadata> aliases) {
    List<Map<String, Object>> filters = new ArrayList<>();
    for (AliasMetadata alias : aliases) {
      if (alias.filter() == null || alias.filter().isEmpty()) {
        return null;
      }
      filters.add(normalize(alias.filter()));
    }
    if (filters.size() == 1) {
      return filters.get(0);
    }
    Map<String, Object> bool = new LinkedHashMap<>();
    bool.put("should", filters);
    bool.put("adjust_pure_negative", true);
    bool.put("boost", 1.0);
    return Map.of("bool", bool);
  }

  /**
   * A filter as OpenSearch renders a parsed query: a {@code term}'s value with its boost; other
   * queries as they were given.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> normalize(Map<String, Object> filter) {
    if (filter.size() != 1 || !(filter.get("term") instanceof Map<?, ?> term) || term.size() != 1) {
      return filter;
    }
    Map.Entry<String, Object> e = ((Map<String, Object>) term).entrySet().iterator().next();
    Map<String, Object> value = new LinkedHashMap<>();
    if (e.getValue() instanceof Map<?, ?> given) {
      value.putAll((Map<String, Object>) given);
    } else {
      value.put("value", e.getValue());
    }
    value.putIfAbsent("boost", 1.0);
    return Map.of("term", Map.of(e.getKey(), value));
  }
}
