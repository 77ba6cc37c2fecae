package dev.duet.engine.internal.meta;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * OpenSearch's index blocks ({@code index.blocks.read_only}, {@code read_only_allow_delete}, {@code
 * read}, {@code write}, {@code metadata}): which of them stop a read, a write or a metadata change,
 * refused with OpenSearch's {@code cluster_block_exception} naming every block in the way.
 */
public final class IndexBlocks {
  /**
   * The block names {@code PUT /{index}/_block/{block}} takes, as settings after {@code blocks.}.
   */
  public static final List<String> NAMES =
      List.of("read_only", "read_only_allow_delete", "read", "write", "metadata");

  private static final Set<String> SETTINGS =
      Set.of(
          "blocks.read_only",
          "blocks.read_only_allow_delete",
          "blocks.read",
          "blocks.write",
          "blocks.metadata");

  private enum Block {
    READ_ONLY("read_only", 403, "FORBIDDEN/5/index read-only (api)"),
    READ("read", 403, "FORBIDDEN/7/index read (api)"),
    WRITE("write", 403, "FORBIDDEN/8/index write (api)"),
    METADATA("metadata", 403, "FORBIDDEN/9/index metadata (api)"),
    READ_ONLY_ALLOW_DELETE(
        "read_only_allow_delete",
        429,
        "TOO_MANY_REQUESTS/12/disk usage exceeded flood-stage watermark, index has"
            + " read-only-allow-delete block");

    final String name;
    final int status;
    final String description;

    Block(String name, int status, String description) {
      this.name = name;
      this.status = status;
      this.description = description;
    }
  }

  private IndexBlocks() {}

  /** Whether the key (without {@code index.}) is one of the block settings. */
  public static boolean isBlockSetting(String key) {
    return SETTINGS.contains(key);
  }

  /** 400 for a block name {@code _block} does not know, in OpenSearch's words. */
  public static String settingOf(String block) {
    if (!NAMES.contains(block)) {
      throw DuetException.illegalArgument("No block found with name " + block);
    }
    return "blocks." + block;
  }

  /** A document write; {@code delete} passes {@code read_only_allow_delete}. */
  public static void checkWrite(String index, IndexSettings settings, boolean delete) {
    check(
        index,
        settings,
        delete
            ? List.of(Block.READ_ONLY, Block.WRITE)
            : List.of(Block.READ_ONLY, Block.WRITE, Block.READ_ONLY_ALLOW_DELETE));
  }

  /** A search or get. */
  public static void checkRead(String index, IndexSettings settings) {
    check(index, settings, List.of(Block.READ));
  }

  /** Reading settings or mappings. */
  public static void checkMetadataRead(String index, IndexSettings settings) {
    check(index, settings, List.of(Block.METADATA));
  }

  /**
   * A mapping or settings change; an update of one block setting alone ({@code metadata}, {@code
   * read_only}, {@code read_only_allow_delete}) passes, so that a block can be lifted.
   */
  public static void checkMetadataWrite(
      String index, IndexSettings settings, Map<String, String> update) {
    if (update != null && update.size() == 1) {
      String key = update.keySet().iterator().next();
      key = key.startsWith("index.") ? key.substring(6) : key;
      if (SETTINGS.contains(key) && !key.equals("blocks.read") && !key.equals("blocks.write")) {
        return;
      }
    }
    check(index, settings, List.of(Block.READ_ONLY, Block.METADATA, Block.READ_ONLY_ALLOW_DELETE));
  }

  private static void check(String index, IndexSettings settings, List<Block> blocking) {
    List<Block> found = new ArrayList<>(2);
    for (Block block : Block.values()) {
      if (blocking.contains(block) && "true".equals(settings.get("blocks." + block.name))) {
        found.add(block);
      }
    }
    if (found.isEmpty()) {
      return;
    }
    StringBuilder reason = new StringBuilder("index [").append(index).append("] blocked by: ");
    int status = 429;
    for (Block block : found) {
      reason.append('[').append(block.description).append("];");
      status = Math.min(status, block.status);
    }
    throw new DuetException(status, "cluster_block_exception", reason.toString());
  }
}
