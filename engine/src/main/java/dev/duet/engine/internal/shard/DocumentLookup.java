package dev.duet.engine.internal.shard;

/**
 * Reads a document of any index of the node, for the queries that fetch values while they are
 * translated (a {@code terms} lookup, {@code more_like_this} of indexed documents), as OpenSearch's
 * coordinating node fetches them.
 */
@FunctionalInterface
public interface DocumentLookup {
  /**
   * The source of document {@code id} of {@code index} (a name or an alias), or null when it does
   * not exist; a missing index fails as a GET of it would.
   */
  byte[] source(String index, String id, String routing);
}
