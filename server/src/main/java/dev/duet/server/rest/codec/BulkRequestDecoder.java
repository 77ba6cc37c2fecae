package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.document.VersionType;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SourceFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Decodes an NDJSON {@code _bulk} body with OpenSearch's BulkRequestParser rules and messages:
 * action lines are streamed with Jackson (no trees); document lines are handed to the engine as
 * byte slices, unparsed.
 */
public final class BulkRequestDecoder {
  private static final byte NEWLINE = '\n';

  private BulkRequestDecoder() {}

  /**
   * @param defaultIndex the index from the path ({@code /{index}/_bulk}), or null
   */
  public static BulkRequest decode(
      byte[] data, int offset, int length, String defaultIndex, RefreshPolicy refresh)
      throws IOException {
    return decode(data, offset, length, defaultIndex, refresh, false);
  }

  /**
   * @param requireAlias the URL's {@code require_alias}: each item's default, which its action line
   *     may override
   */
  public static BulkRequest decode(
      byte[] data,
      int offset,
      int length,
      String defaultIndex,
      RefreshPolicy refresh,
      boolean requireAlias)
      throws IOException {
    return decode(data, offset, length, defaultIndex, refresh, requireAlias, null);
  }

  /**
   * @param pipeline the URL's {@code pipeline}: each index and create item's ingest pipeline unless
   *     its action line names one
   */
  public static BulkRequest decode(
      byte[] data,
      int offset,
      int length,
      String defaultIndex,
      RefreshPolicy refresh,
      boolean requireAlias,
      String pipeline)
      throws IOException {
    List<BulkItem> items = new ArrayList<>();
    List<String> validation = new ArrayList<>();
    int end = offset + length;
    int from = offset;
    int line = 0;
    while (true) {
      int next = nextMarker(data, from, end);
      if (next == -1) {
        break;
      }
      line++;
      int lineStart = from;
      from = next + 1;
      ActionLine action = parseAction(data, lineStart, next - lineStart, line);
      if (action == null) {
        continue; // an empty line
      }
      String named = action.index != null ? action.index : defaultIndex;
      String index = named == null ? "" : named;
      VersionCheck check = action.check();
      boolean itemRequiresAlias = action.requireAlias != null ? action.requireAlias : requireAlias;
      if (action.opType == OpType.DELETE) {
        validation.addAll(BulkRequest.problems(OpType.DELETE, named, action.id, null, null, check));
        items.add(new BulkItem(OpType.DELETE, index, action.id, null, check, null, Map.of()));
        continue;
      }
      int sourceEnd = nextMarker(data, from, end);
      if (sourceEnd == -1) {
        break;
      }
      line++;
      int sourceStart = from;
      int sourceStop = trimCarriageReturn(data, from, sourceEnd);
      from = sourceEnd + 1;
      if (action.opType == OpType.UPDATE) {
        UpdateRequest update =
            UpdateRequestDecoder.decode(data, sourceStart, sourceStop - sourceStart)
                .withRetryOnConflict(action.retryOnConflict);
        if (update.fetchSource() == null && action.fetchSource != null) {
          update = update.withFetchSource(action.fetchSource);
        }
        validation.addAll(
            BulkRequest.problems(OpType.UPDATE, named, action.id, null, update, check));
        items.add(
            BulkItem.update(index, action.id, update, check).withRequireAlias(itemRequiresAlias));
        continue;
      }
      byte[] source = Arrays.copyOfRange(data, sourceStart, sourceStop);
      validation.addAll(BulkRequest.problems(action.opType, named, action.id, source, null, check));
      items.add(
          new BulkItem(action.opType, index, action.id, source, check, null, Map.of())
              .withRequireAlias(itemRequiresAlias)
              .withPipeline(action.pipeline != null ? action.pipeline : pipeline));
    }
    BulkRequest.validate(items.size(), validation);
    return new BulkRequest(items, refresh);
  }

  /** A boolean of an action line, strict as OpenSearch's {@code Booleans.parseBoolean}. */
  private static boolean booleanValue(String text) {
    if (text.equals("true")) {
      return true;
    }
    if (text.equals("false")) {
      return false;
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + text + "] as only [true] or [false] are allowed.");
  }

  /** {@code refresh} parameter: {@code true}/empty, {@code false}, {@code wait_for}. */
  public static RefreshPolicy refreshPolicy(String value) {
    if (value == null || value.equals("false")) {
      return RefreshPolicy.NONE;
    }
    if (value.isEmpty() || value.equals("true")) {
      return RefreshPolicy.IMMEDIATE;
    }
    if (value.equals("wait_for")) {
      return RefreshPolicy.WAIT_UNTIL;
    }
    throw DuetException.illegalArgument("Unknown value for refresh: [" + value + "].");
  }

  private static int nextMarker(byte[] data, int from, int end) {
    for (int i = from; i < end; i++) {
      if (data[i] == NEWLINE) {
        return i;
      }
    }
    if (from != end) {
      throw DuetException.illegalArgument("The bulk request must be terminated by a newline [\\n]");
    }
    return -1;
  }

  private static int trimCarriageReturn(byte[] data, int from, int end) {
    return end > from && data[end - 1] == '\r' ? end - 1 : end;
  }

  private record ActionLine(
      OpType opType,
      String index,
      String id,
      long ifSeqNo,
      long ifPrimaryTerm,
      long version,
      VersionType versionType,
      int retryOnConflict,
      SourceFilter fetchSource,
      Boolean requireAlias,
      String pipeline) {
    VersionCheck check() {
      return new VersionCheck(ifSeqNo, ifPrimaryTerm, version, versionType);
    }
  }

  private static ActionLine parseAction(byte[] data, int offset, int length, int line)
      throws IOException {
    try (JsonParser p = Json.parser(data, offset, length)) {
      JsonToken token = p.nextToken();
      if (token == null) {
        return null;
      }
      if (token != JsonToken.START_OBJECT) {
        throw malformed(line, "START_OBJECT", token);
      }
      token = p.nextToken();
      if (token != JsonToken.FIELD_NAME) {
        throw malformed(line, "FIELD_NAME", token);
      }
      String name = p.currentName();
      OpType opType =
          switch (name) {
            case "index" -> OpType.INDEX;
            case "create" -> OpType.CREATE;
            case "delete" -> OpType.DELETE;
            case "update" -> OpType.UPDATE;
            default ->
                throw DuetException.illegalArgument(
                    "Malformed action/metadata line ["
                        + line
                        + "], expected one of [create, delete, index, update] but found ["
                        + name
                        + "]");
          };
      String index = null;
      String id = null;
      long ifSeqNo = VersionCheck.UNASSIGNED_SEQ_NO;
      long ifPrimaryTerm = VersionCheck.UNASSIGNED_PRIMARY_TERM;
      long version = VersionCheck.MATCH_ANY;
      VersionType versionType = VersionType.INTERNAL;
      int retryOnConflict = 0;
      SourceFilter fetchSource = null;
      Boolean requireAlias = null;
      String pipeline = null;
      token = p.nextToken();
      if (token == JsonToken.START_OBJECT) {
        String field = null;
        while ((token = p.nextToken()) != JsonToken.END_OBJECT) {
          if (token == JsonToken.FIELD_NAME) {
            field = p.currentName();
          } else if (token.isScalarValue()) {
            switch (field) {
              case "_index" -> index = p.getText();
              case "_id" -> id = p.getText();
              case "op_type" -> {
                String op = p.getText();
                if (op.equals("create")) {
                  opType = OpType.CREATE;
                } else if (!op.equals("index")) {
                  throw DuetException.illegalArgument(
                      "opType must be 'create' or 'index', found: [" + op + "]");
                }
              }
              case "if_seq_no" -> ifSeqNo = p.getValueAsLong();
              case "if_primary_term" -> ifPrimaryTerm = p.getValueAsLong();
              case "version" -> version = p.getValueAsLong();
              case "version_type" -> versionType = VersionType.fromString(p.getText());
              case "retry_on_conflict" -> retryOnConflict = p.getValueAsInt();
              case "_source" -> fetchSource = SourceFilters.fromParams(p.getText(), null, null);
              case "require_alias" -> requireAlias = booleanValue(p.getText());
              case "pipeline" -> pipeline = p.getText();
              case "routing", "_type" -> {
                // Accepted and without effect on a one-node, one-shard engine.
              }
              default ->
                  throw DuetException.illegalArgument(
                      "Action/metadata line ["
                          + line
                          + "] contains an unknown parameter ["
                          + field
                          + "]");
            }
          } else if (token != JsonToken.VALUE_NULL) {
            throw DuetException.illegalArgument(
                "Malformed action/metadata line ["
                    + line
                    + "], expected a simple value for field ["
                    + field
                    + "] but found ["
                    + Json.tokenName(token)
                    + "]");
          }
        }
      } else if (token != JsonToken.END_OBJECT) {
        throw DuetException.illegalArgument(
            "Malformed action/metadata line ["
                + line
                + "], expected START_OBJECT or END_OBJECT but found ["
                + Json.tokenName(token)
                + "]");
      }
      // OpenSearch stops reading the line here: whatever follows the action's parameters (the
      // closing brace, or a missing one, or trailing text) is never looked at.
      if (opType == OpType.UPDATE
          && (version != VersionCheck.MATCH_ANY || versionType != VersionType.INTERNAL)) {
        throw DuetException.illegalArgument(
            "Update requests do not support versioning. Please use `if_seq_no` and"
                + " `if_primary_term` instead");
      }
      return new ActionLine(
          opType,
          index,
          id,
          ifSeqNo,
          ifPrimaryTerm,
          version,
          versionType,
          retryOnConflict,
          fetchSource,
          requireAlias,
          pipeline);
    } catch (StreamReadException e) {
      throw Json.parseError(e);
    }
  }

  private static DuetException malformed(int line, String expected, JsonToken found) {
    return DuetException.illegalArgument(
        "Malformed action/metadata line ["
            + line
            + "], expected "
            + expected
            + " but found ["
            + Json.tokenName(found)
            + "]");
  }
}
