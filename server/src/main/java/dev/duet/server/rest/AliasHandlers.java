package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.mapping.Patterns;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.AliasesRequestDecoder;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Aliases: {@code POST /_aliases}, {@code PUT|DELETE /{index}/_alias/{name}} and the {@code GET}
 * and {@code HEAD} views of {@code /_alias}, with OpenSearch's bodies (including its odd 404 for
 * missing aliases, which still lists the ones found).
 */
final class AliasHandlers {
  private final Actions actions;

  AliasHandlers(Actions actions) {
    this.actions = actions;
  }

  /** {@code POST /_aliases}. */
  RestResponse update(RestRequest request) throws IOException {
    List<AliasAction> list =
        AliasesRequestDecoder.actions(
            request.contentArray(), request.contentOffset(), request.contentLength());
    actions.indexMetadata().updateAliases(list);
    return IndexHandlers.acknowledged(request);
  }

  /** {@code PUT|POST /{index}/_alias/{name}}, with an optional body (filter, routing, ...). */
  RestResponse put(RestRequest request) throws IOException {
    AliasAction add =
        AliasesRequestDecoder.put(
            request.pathParam("index"),
            request.pathParam("name"),
            request.contentArray(),
            request.contentOffset(),
            request.contentLength());
    actions.indexMetadata().updateAliases(List.of(add));
    return IndexHandlers.acknowledged(request);
  }

  /** {@code DELETE /{index}/_alias/{name}}. */
  RestResponse delete(RestRequest request) throws IOException {
    AliasAction remove =
        new AliasAction.Remove(
            IndexHandlers.split(request.pathParam("index")),
            IndexHandlers.split(request.pathParam("name")),
            null);
    actions.indexMetadata().updateAliases(List.of(remove));
    return IndexHandlers.acknowledged(request);
  }

  /** {@code GET /_alias[/{name}]} and {@code GET /{index}/_alias[/{name}]}. */
  RestResponse get(RestRequest request) throws IOException {
    Found found = find(request);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    int status = 200;
    if (!found.missing.isEmpty()) {
      status = 404;
      g.writeStringField(
          "error",
          (found.missing.size() == 1 ? "alias [" : "aliases [")
              + String.join(",", found.missing)
              + "] missing");
      g.writeNumberField("status", 404);
    }
    for (Map.Entry<String, Map<String, AliasMetadata>> e : found.byIndex.entrySet()) {
      g.writeObjectFieldStart(e.getKey());
      g.writeFieldName("aliases");
      IndexHandlers.writeAliases(g, e.getValue());
      g.writeEndObject();
    }
    g.writeEndObject();
    return RestResponse.json(status, out);
  }

  /** {@code HEAD /_alias/{name}} and {@code HEAD /{index}/_alias/{name}}: 200 or 404. */
  RestResponse exists(RestRequest request) throws IOException {
    Found found = find(request);
    boolean any = found.byIndex.values().stream().anyMatch(a -> !a.isEmpty());
    return RestResponse.empty(any && found.missing.isEmpty() ? 200 : 404);
  }

  private Found find(RestRequest request) {
    List<IndexInfo> indices =
        actions.indices().list(request.pathParam("index"), RestIndicesOptions.of(request));
    List<String> names = IndexHandlers.split(request.pathParam("name"));
    Map<String, Map<String, AliasMetadata>> byIndex = new TreeMap<>();
    Set<String> seen = new LinkedHashSet<>();
    for (IndexInfo info : indices) {
      if (names.isEmpty()) {
        byIndex.put(info.name(), info.aliases());
        continue;
      }
      Map<String, AliasMetadata> matched = new LinkedHashMap<>();
      for (AliasMetadata alias : info.aliases().values()) {
        for (String pattern : names) {
          if (pattern.equals("_all") || Patterns.matches(pattern, alias.name())) {
            matched.put(alias.name(), alias);
            seen.add(pattern);
          }
        }
      }
      if (!matched.isEmpty()) {
        byIndex.put(info.name(), matched);
      }
    }
    List<String> missing =
        names.stream()
            .filter(n -> !n.equals("_all") && n.indexOf('*') < 0 && !seen.contains(n))
            .toList();
    return new Found(byIndex, missing);
  }

  private record Found(Map<String, Map<String, AliasMetadata>> byIndex, List<String> missing) {}
}
