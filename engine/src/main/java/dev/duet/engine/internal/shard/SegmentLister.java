package dev.duet.engine.internal.shard;

import dev.duet.engine.index.SegmentInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.IndexNotFoundException;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.SegmentReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.store.Directory;

/**
 * Lists an index's segments as OpenSearch's {@code _segments} does: those the current searcher
 * reads, then those only the last commit holds, each marked committed and/or searchable.
 */
public final class SegmentLister {
  private SegmentLister() {}

  static List<SegmentInfo> list(LuceneIndex index, Directory directory) {
    Map<String, SegmentCommitInfo> committed = new LinkedHashMap<>();
    try {
      for (SegmentCommitInfo info : SegmentInfos.readLatestCommit(directory)) {
        committed.put(info.info.name, info);
      }
    } catch (IndexNotFoundException | NoSuchFileException e) {
      // Never committed yet: nothing is committed.
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, SegmentInfo> out = new LinkedHashMap<>();
    IndexSearcher searcher = index.acquireSearcher();
    try {
      for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
        LeafReader reader = FilterLeafReader.unwrap(leaf.reader());
        if (reader instanceof SegmentReader segment) {
          SegmentCommitInfo info = segment.getSegmentInfo();
          out.put(
              info.info.name,
              describe(
                  info, segment.numDeletedDocs(), committed.containsKey(info.info.name), true));
        }
      }
    } finally {
      index.releaseSearcher(searcher);
    }
    for (SegmentCommitInfo info : committed.values()) {
      out.putIfAbsent(info.info.name, describe(info, info.getDelCount(), true, false));
    }
    return new ArrayList<>(out.values());
  }

  private static SegmentInfo describe(
      SegmentCommitInfo info, int deleted, boolean committed, boolean search) {
    long size;
    try {
      size = info.sizeInBytes();
    } catch (IOException e) {
      size = 0; // files merged away meanwhile
    }
    return new SegmentInfo(
        info.info.name,
        Long.parseLong(info.info.name.substring(1), Character.MAX_RADIX),
        info.info.maxDoc() - deleted,
        deleted,
        size,
        committed,
        search,
        info.info.getVersion().toString(),
        info.info.getUseCompoundFile(),
        info.info.getAttributes());
  }
}
