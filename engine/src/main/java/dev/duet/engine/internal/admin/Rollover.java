package dev.duet.engine.internal.admin;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.index.RolloverRequest;
import dev.duet.engine.index.RolloverResponse;
import dev.duet.engine.index.TimeValues;
import dev.duet.engine.internal.meta.ByteSizes;
import dev.duet.engine.internal.meta.IndexNames;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code _rollover} by OpenSearch's rules: the alias's write index is the old index; the new one is
 * named by the request or by incrementing the old name's {@code -N} suffix to six digits; the
 * conditions are evaluated on the old index; on rolling over the new index is created and the alias
 * moved (kept on the old index as a non-write alias when it was an explicit write alias).
 */
public final class Rollover {
  private static final Pattern NUMBERED = Pattern.compile("^.*-\\d+$");

  private final NodeIndices indices;
  private final NodeAdmin admin;
  private final InstantSource clock;

  public Rollover(NodeIndices indices, NodeAdmin admin, InstantSource clock) {
    this.indices = indices;
    this.admin = admin;
    this.clock = clock;
  }

  /** The name after {@code index} in its series: {@code logs-1} → {@code logs-000002}. */
  public static String nextName(String index) {
    if (!NUMBERED.matcher(index).matches()) {
      throw DuetException.illegalArgument(
          "index name [" + index + "] does not match pattern '^.*-\\d+$'");
    }
    int dash = index.lastIndexOf('-');
    long n = Long.parseLong(index.substring(dash + 1));
    return index.substring(0, dash + 1) + String.format(Locale.ROOT, "%06d", n + 1);
  }

  public RolloverResponse rollover(RolloverRequest request) {
    RolloverRequest.Conditions conditions = request.conditions();
    long maxSize =
        conditions.maxSize() == null ? -1 : ByteSizes.parse(conditions.maxSize(), "max_size");
    String alias = request.alias();
    String oldName = writeIndex(alias);
    String newName = request.newIndex() != null ? request.newIndex() : nextName(oldName);
    // Checked before the conditions, so a dry run refuses a name the real rollover would.
    IndexNames.validate(newName);
    IndexInfo old = indices.infos(oldName, IndicesOptions.ALL).get(0);
    if (indices.exists(newName) || indices.isClosed(newName)) {
      IndexInfo existing = indices.infos(newName, IndicesOptions.ALL).get(0);
      throw new DuetException(
          400,
          "resource_already_exists_exception",
          "index [" + newName + "/" + existing.uuid() + "] already exists",
          Map.of("index", newName, "index_uuid", existing.uuid()),
          null);
    }
    Map<String, Boolean> results = new LinkedHashMap<>();
    if (conditions.maxSize() != null) {
      long size = old.docsCount() == 0 ? 0 : old.storeSizeBytes();
      results.put("[max_size: " + conditions.maxSize() + "]", size >= maxSize);
    }
    if (conditions.maxAge() != null) {
      long age = clock.millis() - old.creationDate();
      results.put(
          "[max_age: " + conditions.maxAge() + "]",
          age >= TimeValues.parseMillis(conditions.maxAge(), "max_age"));
    }
    if (conditions.maxDocs() != null) {
      results.put(
          "[max_docs: " + conditions.maxDocs() + "]", old.docsCount() >= conditions.maxDocs());
    }
    boolean met = results.isEmpty() || results.containsValue(true);
    if (request.dryRun() || !met) {
      return new RolloverResponse(oldName, newName, false, request.dryRun(), results);
    }
    indices.createIndex(newName, request.settings(), request.mapping(), request.aliases());
    AliasMetadata current = old.aliases().get(alias);
    List<AliasAction> moves = new ArrayList<>();
    if (Boolean.TRUE.equals(current.isWriteIndex())) {
      moves.add(
          new AliasAction.Add(List.of(oldName), List.of(alias), withWrite(current, false), false));
      moves.add(
          new AliasAction.Add(List.of(newName), List.of(alias), withWrite(current, true), false));
    } else {
      moves.add(new AliasAction.Remove(List.of(oldName), List.of(alias), null));
      moves.add(
          new AliasAction.Add(List.of(newName), List.of(alias), withWrite(current, null), false));
    }
    admin.updateAliases(moves);
    return new RolloverResponse(oldName, newName, true, false, results);
  }

  // The index the alias writes to: its only index, or the one it marks as its write index.
  private String writeIndex(String alias) {
    if (indices.exists(alias) || indices.isClosed(alias)) {
      throw DuetException.illegalArgument(
          "rollover target is a [concrete index] but one of [alias,data_stream] was expected");
    }
    if (!indices.resolver().isAlias(alias)) {
      throw DuetException.illegalArgument("rollover target [" + alias + "] does not exist");
    }
    List<IndexInfo> members = new ArrayList<>();
    for (IndexInfo info : indices.infos(alias, IndicesOptions.ALL)) {
      if (info.aliases().containsKey(alias)) {
        members.add(info);
      }
    }
    IndexInfo write = null;
    for (IndexInfo info : members) {
      if (Boolean.TRUE.equals(info.aliases().get(alias).isWriteIndex())) {
        write = info;
      }
    }
    if (write == null && members.size() == 1) {
      write = members.get(0);
    }
    if (write == null) {
      throw DuetException.illegalArgument(
          "rollover target [" + alias + "] does not point to a write index");
    }
    return write.name();
  }

  private static AliasMetadata withWrite(AliasMetadata alias, Boolean write) {
    return new AliasMetadata(
        alias.name(),
        alias.filter(),
        alias.indexRouting(),
        alias.searchRouting(),
        write,
        alias.isHidden());
  }
}
