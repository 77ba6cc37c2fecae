package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.ReindexRequest;
import dev.duet.engine.document.ReindexResponse;
import dev.duet.engine.document.Validation;
import dev.duet.engine.document.VersionType;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SourceFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code _reindex} bodies in ({@code source}, {@code dest}, {@code max_docs}, {@code conflicts}),
 * OpenSearch's {@code BulkByScrollResponse} out. Duet has no scripts and reindexes within this
 * node, so {@code script} and {@code source.remote} are refused with a 400 that names them.
 */
public final class ReindexCodec {
  private ReindexCodec() {}

  /**
   * @param urlMaxDocs the URL's {@code max_docs}, which wins over the body's; null when absent
   */
  public static ReindexRequest decode(
      byte[] data, int offset, int length, Long urlMaxDocs, RefreshPolicy refresh)
      throws IOException {
    Body body = new Body();
    if (length > 0) {
      try (JsonParser p = Json.parser(data, offset, length)) {
        JsonToken t = p.nextToken();
        if (t != null) {
          expectObject(p, t);
          while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
            String field = p.currentName();
            String at = Json.location(p);
            t = p.nextToken();
            switch (field) {
              case "source" -> nested(p, "source", () -> body.source(p, p.currentToken()));
              case "dest" -> nested(p, "dest", () -> body.dest(p, p.currentToken()));
              case "max_docs", "size" -> {
                body.maxDocs = p.getValueAsLong();
                if (body.maxDocs < 0) {
                  throw failedToParse(
                      p,
                      "reindex",
                      field,
                      DuetException.illegalArgument(
                          "[max_docs] parameter cannot be negative, found [" + body.maxDocs + "]"));
                }
              }
              case "conflicts" -> {
                body.conflicts = p.getText();
                if (!body.conflicts.equals("abort") && !body.conflicts.equals("proceed")) {
                  throw failedToParse(
                      p,
                      "reindex",
                      field,
                      DuetException.illegalArgument(
                          "conflicts may only be \"proceed\" or \"abort\" but was ["
                              + body.conflicts
                              + "]"));
                }
              }
              case "script" ->
                  throw DuetException.illegalArgument(
                      "[script] is not supported by Duet: it has no scripting, so _reindex copies"
                          + " documents as they are");
              default -> throw unknownField(at, "reindex", field);
            }
          }
        }
      } catch (StreamReadException e) {
        throw Json.parseError(e);
      }
    }
    if (urlMaxDocs != null) {
      body.maxDocs = urlMaxDocs;
    }
    return body.validate(refresh);
  }

  /**
   * @param status the run's task as it ended: its throttle and whether it was cancelled
   * @param stored the form a finished task keeps (see {@link ByQueryCodec#encode})
   */
  public static void encode(
      ReindexResponse r,
      dev.duet.engine.document.ByQueryTask.Status status,
      boolean stored,
      JsonGenerator g)
      throws IOException {
    g.writeStartObject();
    g.writeNumberField("took", r.tookMillis());
    g.writeBooleanField("timed_out", false);
    g.writeNumberField("total", r.total());
    g.writeNumberField("updated", r.updated());
    g.writeNumberField("created", r.created());
    g.writeNumberField("deleted", 0);
    g.writeNumberField("batches", r.batches());
    g.writeNumberField("version_conflicts", r.versionConflicts());
    g.writeNumberField("noops", 0);
    ByQueryCodec.encodeTail(r.failures(), status, stored, g);
    g.writeEndObject();
  }

  /** The body's fields as read, checked together by {@link #validate}. */
  private static final class Body {
    List<String> sources = List.of();
    Query query = new Query.MatchAll(1f);
    SourceFilter filter = SourceFilter.ALL;
    int batchSize = ByQueryRequest.DEFAULT_BATCH_SIZE;
    String dest;
    String pipeline;
    OpType opType = OpType.INDEX;
    VersionType versionType = VersionType.INTERNAL;
    Long maxDocs;
    String conflicts = "abort";

    void source(JsonParser p, JsonToken t) throws IOException {
      expectObject(p, t);
      while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
        String field = p.currentName();
        t = p.nextToken();
        switch (field) {
          case "index" -> sources = strings(p, t);
          case "query" -> {
            expectObject(p, t);
            query = QueryDecoder.parse(p);
          }
          case "_source" -> filter = SourceFilters.parse(p);
          case "size" -> batchSize = p.getValueAsInt();
          case "remote" ->
              // OpenSearch's refusal of a remote it may not reach is a bare 400 too.
              throw new Unsupported(
                  DuetException.illegalArgument(
                      "[source.remote] is not supported by Duet: it reindexes within this node"
                          + " only"));
          default ->
              throw QueryErrors.error(
                  p, "Unknown key for a " + Json.tokenName(t) + " in [" + field + "].");
        }
      }
    }

    void dest(JsonParser p, JsonToken t) throws IOException {
      expectObject(p, t);
      while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
        String field = p.currentName();
        String at = Json.location(p);
        p.nextToken();
        switch (field) {
          case "index" -> dest = p.getText();
          case "op_type" -> opType = opType(p);
          case "pipeline" -> pipeline = p.getText();
          case "version_type" -> versionType = versionType(p);
          default -> throw new Unknown(unknownField(at, "dest", field));
        }
      }
    }

    ReindexRequest validate(RefreshPolicy refresh) {
      List<String> problems = new ArrayList<>();
      if (sources.isEmpty()) {
        problems.add("use _all if you really want to copy from all existing indexes");
      }
      if (dest == null) {
        problems.add("index must be specified");
      }
      if (maxDocs != null && maxDocs < 0) {
        throw DuetException.illegalArgument(
            "[max_docs] parameter cannot be negative, found [" + maxDocs + "]");
      }
      if (!conflicts.equals("abort") && !conflicts.equals("proceed")) {
        throw DuetException.illegalArgument(
            "conflicts may only be \"proceed\" or \"abort\" but was [" + conflicts + "]");
      }
      if (batchSize <= 0) {
        problems.add("[size] cannot be [" + batchSize + "] in a scroll context");
      }
      if (!problems.isEmpty()) {
        throw Validation.failed(problems);
      }
      return new ReindexRequest(
          sources,
          query,
          filter,
          maxDocs == null ? -1 : maxDocs,
          batchSize,
          dest,
          opType,
          versionType,
          conflicts.equals("abort"),
          refresh,
          pipeline);
    }
  }

  private static OpType opType(JsonParser p) throws IOException {
    return switch (p.getText()) {
      case "index" -> OpType.INDEX;
      case "create" -> OpType.CREATE;
      default ->
          throw failedToParse(
              p,
              "dest",
              "op_type",
              DuetException.illegalArgument(
                  "opType must be 'create' or 'index', found: [" + p.getText() + "]"));
    };
  }

  private static VersionType versionType(JsonParser p) throws IOException {
    try {
      return VersionType.fromString(p.getText());
    } catch (DuetException e) {
      throw failedToParse(p, "dest", "version_type", e);
    }
  }

  /** One of the body's objects, whose errors OpenSearch wraps in "failed to parse field". */
  private interface Part {
    void read() throws IOException;
  }

  /** A refusal that OpenSearch does not wrap in "failed to parse field". */
  private static final class Unsupported extends RuntimeException {
    final DuetException cause;

    Unsupported(DuetException cause) {
      super(null, null, false, false);
      this.cause = cause;
    }
  }

  /** An error OpenSearch reports where the nested field's value is. */
  private static final class Unknown extends RuntimeException {
    final DuetException cause;

    Unknown(DuetException cause) {
      super(null, null, false, false);
      this.cause = cause;
    }
  }

  private static void nested(JsonParser p, String field, Part part) throws IOException {
    try {
      part.read();
    } catch (Unsupported e) {
      throw e.cause;
    } catch (Unknown e) {
      throw failedToParse(p, "reindex", field, e.cause);
    } catch (DuetException e) {
      if (e.type().equals("parsing_exception")) {
        skipToEnd(p); // OpenSearch reads source as a map first, then fails where it ends
      }
      throw failedToParse(p, "reindex", field, e);
    }
  }

  /** Moves the parser to the end of the object it is in. */
  private static void skipToEnd(JsonParser p) throws IOException {
    p.skipChildren();
    int depth = 1;
    while (depth > 0) {
      JsonToken t = p.nextToken();
      if (t == null) {
        return;
      }
      if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
        depth++;
      } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
        depth--;
      }
    }
  }

  private static DuetException failedToParse(
      JsonParser p, String object, String field, DuetException cause) {
    return new DuetException(
        400,
        "x_content_parse_exception",
        Json.location(p) + " [" + object + "] failed to parse field [" + field + "]",
        Map.of(),
        cause);
  }

  private static List<String> strings(JsonParser p, JsonToken t) throws IOException {
    List<String> out = new ArrayList<>();
    if (t == JsonToken.START_ARRAY) {
      while (p.nextToken() != JsonToken.END_ARRAY) {
        out.add(p.getText());
      }
    } else {
      for (String s : p.getText().split(",")) {
        if (!s.isEmpty()) {
          out.add(s);
        }
      }
    }
    return out;
  }

  private static void expectObject(JsonParser p, JsonToken t) {
    if (t != JsonToken.START_OBJECT) {
      throw QueryErrors.error(
          p, "Unexpected token [" + Json.tokenName(t) + "], expected START_OBJECT");
    }
  }

  private static DuetException unknownField(String at, String object, String field) {
    return DuetException.badRequest(
        "x_content_parse_exception", at + " [" + object + "] unknown field [" + field + "]");
  }
}
