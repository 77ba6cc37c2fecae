package dev.duet.engine.internal.meta;

import dev.duet.engine.index.IndexSettings;
import org.apache.lucene.util.StringHelper;

/**
 * Which of an index's shards a document belongs to, as OpenSearch's {@code OperationRouting}
 * computes it: murmur3 of the routing value (the {@code _id} when none) over the index's routing
 * shards, divided down to its {@code number_of_shards}. Duet keeps an index in one Lucene index, so
 * the shard is not where a document lives but part of what it is: with its {@code _id}, what a get,
 * delete or update with a routing finds, as a multi-shard OpenSearch index answers.
 */
public final class ShardRouting {
  private ShardRouting() {}

  /** The shard of a document with this id and routing (null: routed by its id). */
  public static int shardOf(IndexSettings settings, String id, String routing) {
    int shards = settings.numberOfShards();
    if (shards <= 1) {
      return 0;
    }
    int routingShards = settings.routingNumShards();
    int hash = hash(routing == null ? id : routing);
    return Math.floorMod(hash, routingShards) / (routingShards / shards);
  }

  /**
   * Whether a request routed by {@code requested} reaches the shard of the document {@code id}
   * stored with {@code stored}: always on an index of one shard.
   */
  public static boolean reaches(
      IndexSettings settings, String id, String stored, String requested) {
    if (settings.numberOfShards() <= 1) {
      return true;
    }
    return shardOf(settings, id, stored) == shardOf(settings, id, requested);
  }

  /** OpenSearch's {@code Murmur3HashFunction.hash(String)}: the chars as UTF-16LE, seed 0. */
  static int hash(String routing) {
    byte[] bytes = new byte[routing.length() * 2];
    for (int i = 0; i < routing.length(); i++) {
      char c = routing.charAt(i);
      bytes[i * 2] = (byte) c;
      bytes[i * 2 + 1] = (byte) (c >>> 8);
    }
    return StringHelper.murmurhash3_x86_32(bytes, 0, bytes.length, 0);
  }
}
