package dev.duet.engine.internal.admin;

import dev.duet.engine.analysis.AnalyzeRequest;
import dev.duet.engine.analysis.AnalyzeResponse;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSegments;
import dev.duet.engine.index.IndexStats;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.index.StatsCounter;
import dev.duet.engine.internal.meta.IndexBlocks;
import dev.duet.engine.internal.shard.LuceneIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * The node's index-level admin calls: mapping, settings and alias changes under the registry's
 * lock, refresh, flush, force merge, segments and {@code _analyze}.
 */
public final class NodeAdmin {
  private final NodeIndices indices;

  /** Admin calls on the indices of {@code indices}. */
  public NodeAdmin(NodeIndices indices) {
    this.indices = indices;
  }

  /** {@code PUT <expression>/_mapping}. */
  public void putMapping(String expression, IndicesOptions options, Map<String, Object> mapping) {
    indices.failed().checkNotNamed(expression == null ? List.of() : List.of(expression));
    synchronized (indices.lock()) {
      indices.admin().putMapping(expression, options, mapping);
    }
  }

  /** {@code PUT <expression>/_settings}. */
  public void updateSettings(
      String expression,
      IndicesOptions options,
      Map<String, String> settings,
      boolean preserveExisting) {
    indices.failed().checkNotNamed(expression == null ? List.of() : List.of(expression));
    synchronized (indices.lock()) {
      indices
          .admin()
          .updateSettings(
              expression,
              options,
              settings,
              preserveExisting,
              (name, next) -> indices.updateClosed(name, m -> m.withSettings(next)));
    }
  }

  /** {@code POST _aliases}: all actions validated, then applied; {@code remove_index} last. */
  public void updateAliases(List<AliasAction> actions) {
    List<String> deletions;
    synchronized (indices.lock()) {
      IndexAdmin admin = indices.admin();
      AliasUpdates.Plan plan =
          AliasUpdates.plan(actions, indices.resolver(), admin, admin.filterDecoder());
      admin.applyAliases(plan.aliases());
      deletions = plan.deletions();
    }
    for (String name : deletions) {
      indices.deleteIndex(name);
    }
  }

  /** {@code PUT <expression>/_block/<block>}: the block's setting on each index named. */
  public List<String> addBlock(String expression, IndicesOptions options, String block) {
    String setting = IndexBlocks.settingOf(block);
    List<String> names;
    synchronized (indices.lock()) {
      names = indices.resolver().resolveNames(List.of(expression), options);
      if (!names.isEmpty()) {
        indices
            .admin()
            .updateSettings(
                String.join(",", names),
                IndicesOptions.STRICT,
                Map.of(setting, "true"),
                false,
                (name, next) -> indices.updateClosed(name, m -> m.withSettings(next)));
      }
    }
    return names;
  }

  /** 403 when {@code index.blocks.metadata} keeps an index's settings and mappings unread. */
  public void checkMetadataReadable(String expression, IndicesOptions options) {
    for (var info : indices.infos(expression, options)) {
      IndexBlocks.checkMetadataRead(info.name(), info.settings());
    }
  }

  /** {@code GET <expression>/_segments}. */
  public List<IndexSegments> segments(String expression, IndicesOptions options) {
    List<IndexSegments> out = new ArrayList<>();
    for (LuceneIndex index : indices.matching(expression, options)) {
      out.add(new IndexSegments(index.info(), index.segments()));
    }
    return out;
  }

  /** {@code _stats}: each matching index's figures, a closed one's zeros. */
  public List<IndexStats> stats(
      String expression, IndicesOptions options, boolean includeUnloadedSegments) {
    List<IndexStats> out = new ArrayList<>();
    for (IndexInfo info : indices.infos(expression, options)) {
      LuceneIndex index = info.closed() ? null : indices.get(info.name());
      if (index != null) {
        out.add(index.stats());
      } else if (includeUnloadedSegments) {
        out.add(closedWithSegments(info));
      } else {
        out.add(IndexStats.closed(info));
      }
    }
    return out;
  }

  // A closed index's figures are zeros, but for the segments of its last commit on disk.
  private IndexStats closedWithSegments(IndexInfo info) {
    Path folder = indices.closedFolder(info.name());
    if (folder == null) {
      return IndexStats.closed(info);
    }
    long[] values = new long[StatsCounter.values().length];
    try (Directory directory = FSDirectory.open(LuceneIndex.luceneFolder(folder))) {
      values[StatsCounter.SEGMENT_COUNT.ordinal()] =
          SegmentInfos.readLatestCommit(directory).size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new IndexStats(
        info, IndexStats.Values.of(values), Map.of(), Map.of(), Map.of(), Map.of(), null);
  }

  /** {@code POST <expression>/_refresh}. */
  public void refresh(String expression, IndicesOptions options) {
    indices.matching(expression, options).forEach(LuceneIndex::refresh);
  }

  /** {@code POST <expression>/_flush}. */
  public void flush(String expression, IndicesOptions options) {
    indices.matching(expression, options).forEach(LuceneIndex::flush);
  }

  /** {@code POST <expression>/_forcemerge}. */
  public void forceMerge(String expression, IndicesOptions options, ForceMerge request) {
    indices.matching(expression, options).forEach(index -> index.forceMerge(request));
  }

  /** {@code _analyze}, with the index's analyzers when the request names one. */
  public AnalyzeResponse analyze(AnalyzeRequest request) {
    if (request.index() == null) {
      return AnalyzeService.analyze(request, null);
    }
    String concrete = indices.resolver().resolveRead(request.index());
    return AnalyzeService.analyze(
        request, indices.require(concrete == null ? request.index() : concrete));
  }
}
