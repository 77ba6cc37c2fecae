package dev.duet.engine.internal.admin;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.meta.IndexBlocks;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.meta.IndexResolver;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.meta.MappingLimits;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.Query;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Changes to the metadata of existing indices: mapping merges, settings updates and alias filters.
 * Each change is computed and validated for every target index before any is written, so a refused
 * request leaves every index as it was; each index's metadata file is then replaced atomically. The
 * caller serializes these with index creation and deletion.
 */
public final class IndexAdmin implements IndexResolver.Catalog {
  private static final int MAX_CACHED_FILTERS = 1024;

  private final Map<String, LuceneIndex> indices;
  private final Map<String, NodeIndices.ClosedIndex> closed;
  private final IndexResolver resolver;
  private final AliasFilterDecoder filterDecoder;
  // Alias filters decoded once each: searches through a filtered alias are frequent.
  private final Map<Map<String, Object>, Query> decodedFilters = new ConcurrentHashMap<>();

  IndexAdmin(
      Map<String, LuceneIndex> indices,
      Map<String, NodeIndices.ClosedIndex> closed,
      AliasFilterDecoder filterDecoder) {
    this.indices = indices;
    this.closed = closed;
    this.filterDecoder = filterDecoder;
    this.resolver = new IndexResolver(this);
  }

  public IndexResolver resolver() {
    return resolver;
  }

  public AliasFilterDecoder filterDecoder() {
    return filterDecoder;
  }

  @Override
  public IndexMetadata index(String name) {
    LuceneIndex index = indices.get(name);
    if (index != null) {
      return index.metadata();
    }
    NodeIndices.ClosedIndex shut = closed.get(name);
    return shut == null ? null : shut.metadata();
  }

  @Override
  public Collection<IndexMetadata> all() {
    List<IndexMetadata> all = new ArrayList<>(indices.size() + closed.size());
    for (LuceneIndex index : indices.values()) {
      all.add(index.metadata());
    }
    for (NodeIndices.ClosedIndex shut : closed.values()) {
      all.add(shut.metadata());
    }
    return all;
  }

  public void putMapping(String expression, IndicesOptions options, Map<String, Object> update) {
    List<LuceneIndex> targets = targets(expression, options);
    for (LuceneIndex index : targets) {
      IndexBlocks.checkMetadataWrite(index.name(), index.metadata().settings(), null);
    }
    for (LuceneIndex index : targets) {
      // Every index accepts it, fields naming only analysis it has, within its limits, before any
      // changes.
      var merged = index.metadata().mapping().merge(update);
      index.lookup().analysis().checkFields(merged.properties());
      index.lookup().limits().check(merged);
      MappingLookup.of(merged).checkAliases();
    }
    for (LuceneIndex index : targets) {
      // Merged again under the index's mapping lock: writes may have mapped fields dynamically
      // since the check, and their mappings must not be lost.
      index.updateMetadata(
          m -> {
            var merged = m.mapping().merge(update);
            MappingLimits.of(m.settings()).check(merged);
            MappingLookup.of(merged).checkAliases();
            return m.withMapping(merged);
          });
    }
  }

  /** Updates settings of open and closed indices; {@code closedWriter} rewrites a closed one's. */
  void updateSettings(
      String expression,
      IndicesOptions options,
      Map<String, String> update,
      java.util.function.BiConsumer<String, IndexSettings> closedWriter) {
    List<String> names =
        resolver.resolveNames(
            expression == null || expression.isEmpty() ? List.of() : List.of(expression), options);
    List<IndexMetadata> metadata = new ArrayList<>(names.size());
    for (String name : names) {
      IndexMetadata m = index(name);
      if (m == null) {
        throw DuetException.indexNotFound(name);
      }
      IndexBlocks.checkMetadataWrite(name, m.settings(), update);
      metadata.add(m);
    }
    Map<String, IndexSettings> next = IndexSettingsRules.applyUpdate(update, metadata);
    for (IndexMetadata m : metadata) {
      IndexSettings settings = next.get(m.name());
      LuceneIndex index = indices.get(m.name());
      if (index != null) {
        index.updateMetadata(current -> current.withSettings(settings));
      } else {
        closedWriter.accept(m.name(), settings);
      }
    }
  }

  /** Writes a planned alias change; the plan was validated against the same indices. */
  public void applyAliases(Map<String, Map<String, AliasMetadata>> aliases) {
    aliases.forEach(
        (name, set) -> {
          LuceneIndex index = indices.get(name);
          if (index != null) {
            index.updateMetadata(m -> m.withAliases(set));
          }
        });
  }

  /**
   * The query that limits a search of one index reached through filtered aliases: null when
   * unfiltered, else the filter, or a disjunction of the filters when several aliases reach it.
   */
  public Query aliasFilter(List<Map<String, Object>> filters) {
    if (filters.isEmpty()) {
      return null;
    }
    List<Query> decoded = new ArrayList<>(filters.size());
    for (Map<String, Object> filter : filters) {
      Query query = decodedFilters.get(filter);
      if (query == null) {
        query = filterDecoder.decode(filter);
        if (decodedFilters.size() < MAX_CACHED_FILTERS) {
          decodedFilters.put(filter, query);
        }
      }
      decoded.add(query);
    }
    return decoded.size() == 1
        ? decoded.get(0)
        : new Query.Bool(List.of(), decoded, List.of(), List.of(), "1", 1f);
  }

  private List<LuceneIndex> targets(String expression, IndicesOptions options) {
    List<String> names =
        resolver.resolveNames(
            expression == null || expression.isEmpty() ? List.of() : List.of(expression), options);
    List<LuceneIndex> out = new ArrayList<>(names.size());
    for (String name : names) {
      LuceneIndex index = indices.get(name);
      if (index == null && closed.containsKey(name)) {
        throw DuetException.indexClosed(name, closed.get(name).metadata().uuid());
      }
      if (index == null) {
        throw DuetException.indexNotFound(name);
      }
      out.add(index);
    }
    return out;
  }
}
