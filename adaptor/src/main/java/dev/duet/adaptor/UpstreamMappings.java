package dev.duet.adaptor;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.linecorp.armeria.client.RequestOptions;
import com.linecorp.armeria.common.HttpData;
import com.linecorp.armeria.common.HttpMethod;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.RequestHeaders;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.SortSpec;
import dev.duet.gateway.observe.TraceParent;
import dev.duet.gateway.upstream.UpstreamCluster;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The index mappings of an adaptor cluster, for typing sort values: OpenSearch's REST answer writes
 * an {@code integer} and a {@code long} field's sort value alike (a JSON number), but its gRPC
 * answer gives {@code int32_value} for one and {@code int64_value} for the other ({@code
 * float_value} and {@code double_value} for {@code float} and {@code double}), by the field's
 * mapping. So a sorted search's answer is typed with the mappings of the indices its hits came
 * from, fetched with {@code GET /{indices}/_mapping} and kept for {@link #TTL_NANOS}: a field's
 * type cannot change while its index lives, and a field added since is only typed as the REST
 * answer has it until the entry expires.
 */
final class UpstreamMappings {
  static final long TTL_NANOS = 10_000_000_000L;
  private static final int MAX_ENTRIES = 10_000;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<Map<String, Map<String, Object>>> BY_INDEX =
      new TypeReference<>() {};
  private static final Map<Key, Cached> cache = new ConcurrentHashMap<>();

  private UpstreamMappings() {}

  /**
   * The mappings of the indices {@code response}'s hits came from, when the request sorts on a
   * field (not for {@code _score} or {@code _doc}, which are typed without one). Never fails: an
   * index whose mapping cannot be had is typed as the REST answer has it.
   */
  static CompletableFuture<Function<String, Mapping>> forHits(
      UpstreamCluster cluster,
      SearchRequest search,
      SearchResponse response,
      String traceparent,
      RequestOptions options) {
    if (!sortsOnAField(search) || response.hits().isEmpty()) {
      return CompletableFuture.completedFuture(index -> Mapping.EMPTY);
    }
    long now = System.nanoTime();
    Set<String> missing = new LinkedHashSet<>();
    for (SearchHit hit : response.hits()) {
      Cached c = hit.index() == null ? null : cache.get(key(cluster, hit.index()));
      if (hit.index() != null && (c == null || now - c.fetchedAt() > TTL_NANOS)) {
        missing.add(hit.index());
      }
    }
    Function<String, Mapping> lookup =
        index -> {
          Cached c = index == null ? null : cache.get(key(cluster, index));
          return c == null ? Mapping.EMPTY : c.mapping();
        };
    if (missing.isEmpty()) {
      return CompletableFuture.completedFuture(lookup);
    }
    return fetch(cluster, missing, traceparent, options).thenApply(ignored -> lookup);
  }

  private static CompletableFuture<Void> fetch(
      UpstreamCluster cluster, Set<String> indices, String traceparent, RequestOptions options) {
    String path =
        "/"
            + URLEncoder.encode(String.join(",", indices), StandardCharsets.UTF_8)
                .replace("%2C", ",")
            + "/_mapping";
    RequestHeaders headers =
        RequestHeaders.builder(HttpMethod.GET, path).set(TraceParent.HEADER, traceparent).build();
    return cluster
        .rest(headers, HttpData.empty(), options, HttpResponse::ofFailure)
        .aggregate()
        .handle(
            (answer, error) -> {
              long now = System.nanoTime();
              Map<String, Map<String, Object>> byIndex = Map.of();
              if (error == null && answer.status().code() == 200) {
                try {
                  byIndex = JSON.readValue(answer.content().array(), BY_INDEX);
                } catch (java.io.IOException | RuntimeException e) {
                  byIndex = Map.of();
                }
              }
              if (cache.size() > MAX_ENTRIES) {
                cache.clear();
              }
              for (String index : indices) {
                cache.put(key(cluster, index), new Cached(mapping(byIndex.get(index)), now));
              }
              return null;
            });
  }

  /**
   * The field types of an index's mapping, by full path ({@code o.s}, and {@code title.raw} for a
   * multi-field) — only what typing a sort value needs. Read leniently, not by the node's mapping
   * parser: the cluster may map types the node does not support, and one of those must not cost the
   * other fields their types.
   */
  private static Mapping mapping(Map<String, Object> indexEntry) {
    if (indexEntry == null || !(indexEntry.get("mappings") instanceof Map<?, ?> mappings)) {
      return Mapping.EMPTY;
    }
    Map<String, FieldMapping> byPath = new HashMap<>();
    collect("", mappings.get("properties"), byPath);
    return new Mapping(Mapping.Dynamic.TRUE, byPath);
  }

  private static void collect(String prefix, Object properties, Map<String, FieldMapping> out) {
    if (!(properties instanceof Map<?, ?> fields)) {
      return;
    }
    for (Map.Entry<?, ?> e : fields.entrySet()) {
      if (!(e.getValue() instanceof Map<?, ?> field)) {
        continue;
      }
      String path = prefix + e.getKey();
      if (field.get("type") instanceof String type) {
        out.put(path, FieldMapping.of(type));
      }
      collect(path + ".", field.get("properties"), out);
      collect(path + ".", field.get("fields"), out);
    }
  }

  private static boolean sortsOnAField(SearchRequest search) {
    for (SortSpec sort : search.sort()) {
      if (!sort.field().equals("_score") && !sort.field().equals("_doc")) {
        return true;
      }
    }
    return false;
  }

  private static Key key(UpstreamCluster cluster, String index) {
    return new Key(cluster, index);
  }

  /** By the running cluster object, not its name: two gateways in one JVM keep apart. */
  private record Key(UpstreamCluster cluster, String index) {}

  private record Cached(Mapping mapping, long fetchedAt) {}
}
