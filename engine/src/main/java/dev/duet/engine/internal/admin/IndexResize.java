package dev.duet.engine.internal.admin;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.ResizeRequest;
import dev.duet.engine.index.ResizeRequest.Type;
import dev.duet.engine.internal.document.TimeBasedIds;
import dev.duet.engine.internal.meta.ByteSizes;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.meta.IndexNames;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.shard.CommitHold;
import dev.duet.engine.internal.shard.LuceneIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.util.IOUtils;

/**
 * {@code _shrink}, {@code _split} and {@code _clone} by OpenSearch's rules, in its words and order:
 * the source must block writes, the shard counts must divide as OpenSearch's routing requires. One
 * Lucene index serves every shard of a Duet index, so the target is the source's last commit (its
 * files hard-linked, copied where links are not possible) with the source's mapping, its settings
 * copied as OpenSearch copies them, the request's settings over them and the request's aliases.
 */
public final class IndexResize {
  // What OpenSearch does not copy from the source: the shard layout and the index's identity.
  private static final Set<String> NOT_COPIED =
      Set.of("number_of_shards", "number_of_replicas", "number_of_routing_shards");

  private final NodeIndices indices;
  private final Path staging;

  public IndexResize(NodeIndices indices, Path staging) {
    this.indices = indices;
    this.staging = staging;
  }

  /** Validates the request, then builds the target; its name. */
  public String resize(ResizeRequest request) {
    validate(request);
    LuceneIndex source = indices.get(request.source());
    if (source == null) {
      if (indices.isClosed(request.source())) {
        throw DuetException.indexClosed(request.source(), "_na_");
      }
      throw DuetException.indexNotFound(request.source());
    }
    IndexInfo from = source.info();
    Map<String, String> asked = request.settings();
    if ("true".equals(from.settings().get("blocks.read_only"))
        && !asked.containsKey("blocks.read_only")) {
      throw DuetException.illegalArgument(
          "target index ["
              + request.target()
              + "] will be blocked by [index.blocks.read_only=true] which is copied from the source"
              + " index ["
              + request.source()
              + "], this will disable metadata writes and cause the shards to be unassigned");
    }
    int sourceShards = from.settings().numberOfShards();
    int shards = targetShards(request, from);
    checkShards(request.type(), sourceShards, shards, from.settings().routingNumShards());
    if (asked.get("number_of_routing_shards") != null
        && !(request.type() == Type.SPLIT && sourceShards == 1)) {
      throw DuetException.illegalArgument(
          "cannot provide index.number_of_routing_shards on resize");
    }
    IndexNames.validate(request.target());
    IndexInfo existing = existing(request.target());
    if (existing != null) {
      throw new DuetException(
          400,
          "resource_already_exists_exception",
          "index [" + existing.name() + "/" + existing.uuid() + "] already exists",
          orderedMeta(existing),
          null);
    }
    if (!writeBlocked(from.settings())) {
      throw new DuetException(
          400,
          "illegal_state_exception",
          "index "
              + request.source()
              + " must block write operations to resize index. use \"index.blocks.write=true\"");
    }
    if (sourceShards != shards) {
      routingFactor(sourceShards, shards);
    }
    if (request.type() == Type.SHRINK && sourceShards == 1) {
      throw DuetException.illegalArgument("can't shrink an index with only one shard");
    }
    IndexSettings settings = targetSettings(request, from, shards);
    Map<String, AliasMetadata> aliases = new LinkedHashMap<>();
    request
        .aliases()
        .forEach(
            (alias, meta) ->
                aliases.put(
                    alias,
                    AliasUpdates.validate(
                        alias, meta, indices.admin(), indices.admin().filterDecoder())));
    IndexMetadata metadata =
        new IndexMetadata(
            request.target(),
            TimeBasedIds.indexUuid(),
            System.currentTimeMillis(),
            settings,
            from.mapping(),
            aliases);
    Path staged = staging.resolve(metadata.uuid());
    try (CommitHold hold = source.holdCommit()) {
      Path lucene = LuceneIndex.luceneFolder(staged);
      Files.createDirectories(lucene);
      for (String file : hold.files()) {
        link(hold.folder().resolve(file), lucene.resolve(file));
      }
      IOUtils.fsync(lucene, true);
      indices.adopt(staged, metadata);
      return request.target();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      try {
        IOUtils.rm(staged); // gone when adopted; what a failure left otherwise
      } catch (IOException e) {
        // Left for the next start's staging sweep.
      }
    }
  }

  /** OpenSearch's request validation: every failure in one 400, in its order and words. */
  static void validate(ResizeRequest request) {
    Map<String, String> settings = request.settings();
    List<String> errors = new ArrayList<>();
    if (settings.keySet().stream().anyMatch(k -> k.startsWith("sort."))) {
      errors.add("can't override index sort when resizing an index");
    }
    if (request.type() == Type.SPLIT && settings.get("number_of_shards") == null) {
      errors.add("index.number_of_shards is required for split operations");
    }
    if (request.maxShardSize() != null) {
      if (request.type() != Type.SHRINK) {
        errors.add("Unsupported parameter [max_shard_size]");
      } else if (settings.get("number_of_shards") != null) {
        errors.add("Cannot set max_shard_size and index.number_of_shards at the same time!");
      } else if (ByteSizes.parse(request.maxShardSize(), "max_shard_size") <= 0) {
        errors.add("max_shard_size must be greater than 0");
      }
    }
    if (settings.containsKey("routing_partition_size")) {
      errors.add("cannot provide a routing partition size value when resizing an index");
    }
    for (String block : List.of("read_only", "metadata")) {
      if ("true".equals(settings.get("blocks." + block))) {
        errors.add(
            "target index ["
                + request.target()
                + "] will be blocked by [index.blocks."
                + block
                + "=true], this will disable metadata writes and cause the shards to be"
                + " unassigned");
      }
    }
    if (errors.isEmpty()) {
      return;
    }
    StringBuilder reason = new StringBuilder("Validation Failed: ");
    for (int i = 0; i < errors.size(); i++) {
      reason.append(i + 1).append(": ").append(errors.get(i)).append(';');
    }
    throw DuetException.badRequest("action_request_validation_exception", reason.toString());
  }

  /**
   * The target's shard count: the request's, else for a shrink the fewest shards that keep each
   * under {@code max_shard_size} (1 without it), for a clone the source's.
   */
  private static int targetShards(ResizeRequest request, IndexInfo from) {
    String asked = request.settings().get("number_of_shards");
    if (asked != null) {
      IndexSettingsRules.validate(new IndexSettings(Map.of("number_of_shards", asked)));
      return Integer.parseInt(asked);
    }
    int sourceShards = from.settings().numberOfShards();
    if (request.type() == Type.CLONE) {
      return sourceShards;
    }
    if (request.maxShardSize() == null) {
      return 1;
    }
    long max = ByteSizes.parse(request.maxShardSize(), "max_shard_size");
    long needed = Math.max(1, (from.storeSizeBytes() + max - 1) / max);
    if (needed >= sourceShards) {
      return sourceShards;
    }
    for (int n = (int) needed; n < sourceShards; n++) {
      if (sourceShards % n == 0) {
        return n;
      }
    }
    return sourceShards;
  }

  /** OpenSearch's shard selection rules for each resize type (its {@code select*Shard}). */
  private static void checkShards(Type type, int sourceShards, int shards, int routingShards) {
    switch (type) {
      case SHRINK -> {
        if (sourceShards < shards) {
          throw DuetException.illegalArgument(
              "the number of target shards ["
                  + shards
                  + "] must be less that the number of source shards ["
                  + sourceShards
                  + "]");
        }
        if (sourceShards != shards) {
          routingFactor(sourceShards, shards);
        }
      }
      case SPLIT -> {
        if (sourceShards > shards) {
          throw DuetException.illegalArgument(
              "the number of source shards ["
                  + sourceShards
                  + "] must be less that the number of target shards ["
                  + shards
                  + "]");
        }
        if (sourceShards != shards) {
          routingFactor(sourceShards, shards);
        }
        if (sourceShards > 1 && routingShards % shards != 0) {
          throw new DuetException(
              400,
              "illegal_state_exception",
              "the number of routing shards ["
                  + routingShards
                  + "] must be a multiple of the target shards ["
                  + shards
                  + "]");
        }
      }
      case CLONE -> {
        if (sourceShards != shards) {
          throw DuetException.illegalArgument(
              "the number of target shards ("
                  + shards
                  + ") must be the same as the number of source shards ("
                  + sourceShards
                  + ")");
        }
      }
    }
  }

  /** OpenSearch's {@code getRoutingFactor}: the shard counts must divide one another. */
  private static void routingFactor(int sourceShards, int shards) {
    if (sourceShards < shards) {
      int factor = shards / sourceShards;
      if (factor * sourceShards != shards || factor <= 1) {
        throw DuetException.illegalArgument(
            "the number of source shards ["
                + sourceShards
                + "] must be a factor of ["
                + shards
                + "]");
      }
    } else {
      int factor = sourceShards / shards;
      if (factor * shards != sourceShards || factor <= 1) {
        throw DuetException.illegalArgument(
            "the number of source shards ["
                + sourceShards
                + "] must be a multiple of ["
                + shards
                + "]");
      }
    }
  }

  /**
   * The source's settings (less its shard layout) under the request's, a request's null keeping a
   * source setting out; the shard count; the source's routing shards when the target's default
   * would differ (a split from one shard computes its own).
   */
  private static IndexSettings targetSettings(ResizeRequest request, IndexInfo from, int shards) {
    Map<String, String> asked = request.settings();
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, List<String>> lists = new LinkedHashMap<>();
    from.settings()
        .values()
        .forEach(
            (k, v) -> {
              if (!NOT_COPIED.contains(k) && !asked.containsKey(k)) {
                values.put(k, v);
                List<String> list = from.settings().lists().get(k);
                if (list != null) {
                  lists.put(k, list);
                }
              }
            });
    Map<String, String> given = new LinkedHashMap<>();
    asked.forEach(
        (k, v) -> {
          if (v != null) {
            given.put(k, v);
          }
        });
    values.putAll(IndexSettingsRules.validate(new IndexSettings(given)).values());
    values.put("number_of_shards", Integer.toString(shards));
    if (from.settings().numberOfShards() > 1 && !values.containsKey("number_of_routing_shards")) {
      int routing = from.settings().routingNumShards();
      if (routing != IndexSettings.defaultRoutingNumShards(shards)) {
        values.put("number_of_routing_shards", Integer.toString(routing));
      }
    }
    return IndexSettingsRules.validate(new IndexSettings(values, lists));
  }

  private static Map<String, String> orderedMeta(IndexInfo existing) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", existing.name());
    meta.put("index_uuid", existing.uuid());
    return meta;
  }

  private static boolean writeBlocked(IndexSettings settings) {
    return "true".equals(settings.get("blocks.write"))
        || "true".equals(settings.get("blocks.read_only"))
        || "true".equals(settings.get("blocks.read_only_allow_delete"));
  }

  private IndexInfo existing(String name) {
    if (!indices.exists(name)) {
      return null;
    }
    List<IndexInfo> found = indices.infos(name, dev.duet.engine.index.IndicesOptions.ALL);
    return found.isEmpty() ? null : found.get(0);
  }

  // Lucene never rewrites a file, so a hard link is a copy that costs nothing.
  private static void link(Path from, Path to) throws IOException {
    try {
      Files.createLink(to, from);
    } catch (UnsupportedOperationException | IOException e) {
      Files.copy(from, to);
    }
  }
}
