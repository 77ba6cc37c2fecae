package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Patterns;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.AliasesRequestDecoder;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

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

  /**
   * {@code PUT|POST /{index}/_alias/{name}} and the forms that leave the index or the name to the
   * body ({@code PUT /_alias}, {@code PUT /{index}/_alias}, {@code PUT /_alias/{name}}), with an
   * optional body (filter, routing, ...).
   */
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

  /**
   * OpenSearch's alias look-up: names are read left to right, a {@code -name} excludes what the
   * names before it matched, and only a name that is neither a wildcard nor excluded later is
   * reported missing (a {@code -name} before the first wildcard is a name, not an exclusion).
   */
  private Found find(RestRequest request) {
    List<IndexInfo> indices =
        actions
            .indices()
            .list(request.pathParam("index"), RestIndicesOptions.of(request, IndicesOptions.ALL));
    List<String> names = IndexHandlers.split(request.pathParam("name"));
    if (names.equals(List.of("_all"))) {
      names = List.of();
    }
    boolean explicit = request.pathParam("name") != null;
    Map<String, Map<String, AliasMetadata>> byIndex = new TreeMap<>();
    Set<String> returned = new HashSet<>();
    for (IndexInfo info : indices) {
      Map<String, AliasMetadata> matched = new TreeMap<>();
      for (AliasMetadata alias : info.aliases().values()) {
        if (selects(names, alias.name())) {
          matched.put(alias.name(), alias);
          returned.add(alias.name());
        }
      }
      if (!matched.isEmpty() || !explicit) {
        byIndex.put(info.name(), matched);
      }
    }
    return new Found(byIndex, missing(names, returned));
  }

  private static boolean selects(List<String> names, String alias) {
    boolean matched = names.isEmpty();
    for (String name : names) {
      if (name.startsWith("-")) {
        if (matched) {
          matched = !Patterns.matches(name.substring(1), alias);
        }
      } else if (!matched) {
        matched = name.equals("_all") || Patterns.matches(name, alias);
      }
    }
    return matched;
  }

  private static SortedSet<String> missing(List<String> names, Set<String> returned) {
    int firstWildcard = names.size();
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).indexOf('*') >= 0) {
        firstWildcard = i;
        break;
      }
    }
    SortedSet<String> missing = new TreeSet<>();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      if (name.equals("_all")
          || name.indexOf('*') >= 0
          || (i > firstWildcard && name.startsWith("-"))) {
        continue;
      }
      boolean excluded = false;
      for (int j = Math.max(i + 1, firstWildcard); j < names.size() && !excluded; j++) {
        String later = names.get(j);
        excluded =
            later.startsWith("-")
                && (Patterns.matches(later.substring(1), name) || later.equals("-_all"));
      }
      if (!excluded && !returned.contains(name)) {
        missing.add(name);
      }
    }
    return missing;
  }

  private record Found(
      Map<String, Map<String, AliasMetadata>> byIndex, SortedSet<String> missing) {}
}
