package dev.duet.server.grpc;

import java.util.ArrayList;
import java.util.List;
import org.opensearch.protobufs.HitsMetadata;
import org.opensearch.protobufs.HitsMetadataHitsInner;
import org.opensearch.protobufs.SearchResponse;

/**
 * Splits one search response into the messages of {@code SearchService/ServerStreamSearch}: the
 * first carries everything the unary {@code Search} answer has (took, shards, total, max_score,
 * aggregations, scroll or pit id) with the first batch of hits; each later one carries only {@code
 * hits.hits}, the next batch. A batch ends at {@value #MAX_HITS} hits or once it holds {@value
 * #MAX_BYTES} bytes of hits, whichever comes first, so that a message stays far below grpc-java's
 * default 4 MiB inbound limit however large the documents. A search with no hits is one message.
 * See docs/search-sessions.md.
 */
final class SearchStreamBatches {
  static final int MAX_HITS = 100;
  static final int MAX_BYTES = 1 << 20;

  private SearchStreamBatches() {}

  static List<SearchResponse> split(SearchResponse whole) {
    List<HitsMetadataHitsInner> hits = whole.getHits().getHitsList();
    List<SearchResponse> messages = new ArrayList<>();
    int start = 0;
    do {
      int end = batchEnd(hits, start);
      List<HitsMetadataHitsInner> batch = hits.subList(start, end);
      if (start == 0) {
        messages.add(
            whole.toBuilder()
                .setHits(whole.getHits().toBuilder().clearHits().addAllHits(batch))
                .build());
      } else {
        messages.add(
            SearchResponse.newBuilder()
                .setHits(HitsMetadata.newBuilder().addAllHits(batch))
                .build());
      }
      start = end;
    } while (start < hits.size());
    return messages;
  }

  private static int batchEnd(List<HitsMetadataHitsInner> hits, int start) {
    int end = start;
    long bytes = 0;
    while (end < hits.size() && end - start < MAX_HITS) {
      bytes += hits.get(end).getSerializedSize();
      end++;
      if (bytes >= MAX_BYTES) {
        break;
      }
    }
    return end;
  }
}
