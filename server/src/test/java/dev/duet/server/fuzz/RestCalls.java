package dev.duet.server.fuzz;

import static dev.duet.server.fuzz.Json.F;
import static dev.duet.server.fuzz.Json.arrayOf;
import static dev.duet.server.fuzz.Json.bool;
import static dev.duet.server.fuzz.Json.obj;
import static dev.duet.server.fuzz.Json.str;
import static dev.duet.server.fuzz.Json.text;
import static dev.duet.server.fuzz.Json.wrap;
import static dev.duet.server.fuzz.QueryDsl.number;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * REST requests as jqwik arbitraries: every route family with generated or mutated bodies, bad
 * content types and methods, random paths and query parameters.
 *
 * <p>Safety rule that makes the data oracle sound: only reads (search, count, get, analyze, the
 * source of a reindex) may name {@value SeededNode#SEEDED}; every write targets {@code fz-*}
 * indices or an expression that excludes the seeded index ({@code *,-seeded}), so a change to the
 * seeded documents is the node's fault.
 */
final class RestCalls {
  static final List<String> READ_TARGETS =
      List.of(
          "seeded",
          "seeded",
          "seeded",
          "seeded,fz-a",
          "se*",
          "_all",
          "*",
          "fz-a",
          "nope",
          "SEEDED",
          "seeded,-seeded",
          "*,-seeded");
  static final List<String> WRITE_TARGETS =
      List.of(
          "fz-a", "fz-b", "fz-docs", "fz-*", "*,-seeded", "fz-*,-seeded", "fz-a,fz-b", "*,-se*");
  static final List<String> NEW_INDICES =
      List.of(
          "fz-a",
          "fz-b",
          "fz-docs",
          "fz-map",
          "fz-UPPER",
          "fz-_x",
          "fz- sp",
          "fz-\uD800",
          "fz-" + "x".repeat(300),
          "fz-#",
          "fz-a,fz-b",
          "fz-*");

  private static final String JSON_TYPE = "application/json";
  private static final String NDJSON = "application/x-ndjson";

  private RestCalls() {}

  static Arbitrary<HttpCall> any() {
    return Arbitraries.frequencyOf(
        Tuple.of(30, search()),
        Tuple.of(4, count()),
        Tuple.of(3, msearch()),
        Tuple.of(3, validateOrExplain()),
        Tuple.of(6, analyze()),
        Tuple.of(8, bulk()),
        Tuple.of(5, documents()),
        Tuple.of(5, createIndex()),
        Tuple.of(4, putMapping()),
        Tuple.of(3, putSettings()),
        Tuple.of(4, byQuery()),
        Tuple.of(3, reindex()),
        Tuple.of(2, deleteIndex()),
        Tuple.of(2, aliases()),
        Tuple.of(3, reads()),
        Tuple.of(3, deepNesting()),
        Tuple.of(1, hugeStrings()),
        Tuple.of(6, randomPath()));
  }

  /** A body from the grammar, mutated or not, under a right or wrong content type. */
  private static Arbitrary<byte[]> body(Arbitrary<JsonNode> grammar) {
    return Combinators.combine(grammar, JsonMutation.any()).as((tree, m) -> m.apply(tree));
  }

  private static Arbitrary<String> contentType() {
    return Arbitraries.frequencyOf(
        Tuple.of(20, Arbitraries.just(JSON_TYPE)),
        Tuple.of(
            1,
            Arbitraries.of(
                "text/plain",
                NDJSON,
                "application/cbor",
                "application/smile",
                "application/yaml",
                "application/json; charset=ISO-8859-1",
                "application/x-www-form-urlencoded",
                "garbage",
                "")));
  }

  private static Arbitrary<String> params(List<String> names) {
    Arbitrary<String> one =
        Combinators.combine(
                Arbitraries.frequencyOf(
                    Tuple.of(5, Arbitraries.of(names)),
                    Tuple.of(
                        1,
                        Arbitraries.of(
                            "pretty", "filter_path", "error_trace", "bogus", "", "%FF"))),
                Arbitraries.oneOf(
                    Arbitraries.of(
                        "true",
                        "false",
                        "0",
                        "-1",
                        "1m",
                        "x",
                        "",
                        "2147483648",
                        "*",
                        "_all",
                        "a{2147483647}"),
                    Json.hostileString().map(JsonNode::asText).filter(s -> s.length() < 200)))
            .as((k, v) -> enc(k) + "=" + enc(v));
    return one.list().ofMaxSize(3).map(l -> l.isEmpty() ? "" : "?" + String.join("&", l));
  }

  private static final List<String> SEARCH_PARAMS =
      List.of(
          "size",
          "from",
          "q",
          "sort",
          "_source",
          "track_total_hits",
          "scroll",
          "timeout",
          "terminate_after",
          "request_cache",
          "allow_no_indices",
          "expand_wildcards",
          "ignore_unavailable",
          "search_type",
          "preference",
          "routing",
          "df",
          "default_operator",
          "analyzer",
          "max_concurrent_shard_requests",
          "typed_keys",
          "rest_total_hits_as_int");

  static Arbitrary<HttpCall> search() {
    return Combinators.combine(
            Arbitraries.of(READ_TARGETS),
            Arbitraries.frequencyOf(
                Tuple.of(10, Arbitraries.of("POST", "GET")),
                Tuple.of(1, Arbitraries.of("PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "FOO"))),
            params(SEARCH_PARAMS),
            contentType(),
            body(QueryDsl.searchBody()))
        .as(
            (idx, method, q, ct, b) ->
                new HttpCall(
                    method, "/" + enc(idx) + "/_search" + q, ct, b, method + " /{index}/_search"));
  }

  private static Arbitrary<HttpCall> count() {
    return Combinators.combine(
            Arbitraries.of(READ_TARGETS),
            params(SEARCH_PARAMS),
            body(
                obj(
                    "query",
                    QueryDsl.query(2),
                    "min_score",
                    number(),
                    "terminate_after",
                    number())))
        .as(
            (idx, q, b) ->
                new HttpCall(
                    "POST", "/" + enc(idx) + "/_count" + q, JSON_TYPE, b, "POST /{index}/_count"));
  }

  private static Arbitrary<HttpCall> msearch() {
    Arbitrary<String> pair =
        Combinators.combine(Arbitraries.of(READ_TARGETS), body(QueryDsl.searchBody()))
            .as(
                (idx, b) ->
                    "{\"index\":\"" + idx + "\"}\n" + new String(b, StandardCharsets.UTF_8) + "\n");
    return Combinators.combine(
            pair.list().ofMinSize(1).ofMaxSize(3),
            Arbitraries.of("", "?max_concurrent_searches=0", "?max_concurrent_searches=-1"))
        .as(
            (pairs, q) ->
                new HttpCall(
                    "POST",
                    "/_msearch" + q,
                    NDJSON,
                    String.join("", pairs).getBytes(StandardCharsets.UTF_8),
                    "POST /_msearch"));
  }

  private static Arbitrary<HttpCall> validateOrExplain() {
    return Combinators.combine(
            Arbitraries.of(
                "/seeded/_validate/query?explain=true",
                "/seeded/_validate/query?rewrite=true",
                "/seeded/_explain/1",
                "/seeded/_explain/",
                "/seeded/_explain/nope"),
            body(obj("!query", QueryDsl.query(2))))
        .as(
            (path, b) ->
                new HttpCall("POST", path, JSON_TYPE, b, "POST " + path.replaceAll("\\?.*", "")));
  }

  private static Arbitrary<HttpCall> analyze() {
    Arbitrary<JsonNode> gram = number();
    Arbitrary<JsonNode> tokenizer =
        Arbitraries.oneOf(
            str("standard", "keyword", "whitespace", "letter", "bogus"),
            obj(
                "!type",
                str("ngram", "edge_ngram"),
                "min_gram",
                gram,
                "max_gram",
                Arbitraries.oneOf(gram, Arbitraries.just(F.numberNode(1 << 30)))),
            obj(
                "!type",
                str("pattern"),
                "pattern",
                Arbitraries.of(Json.REGEX_BOMBS).map(F::textNode)));
    Arbitrary<JsonNode> filter =
        Arbitraries.oneOf(
            str("lowercase", "asciifolding", "porter_stem", "bogus"),
            obj(
                "!type",
                str("ngram", "edge_ngram"),
                "min_gram",
                gram,
                "max_gram",
                Arbitraries.oneOf(
                    gram,
                    Arbitraries.just(F.numberNode(1 << 30)),
                    Arbitraries.just(F.numberNode(1000)))),
            obj(
                "!type",
                str("pattern_replace"),
                "pattern",
                Arbitraries.of(Json.REGEX_BOMBS).map(F::textNode),
                "replacement",
                str("$99", "$1", "\\", "$")),
            obj("!type", str("shingle"), "min_shingle_size", gram, "max_shingle_size", gram),
            obj("!type", str("synonym"), "synonyms", arrayOf(str("a, b", "a => b", "=>", ""), 3)),
            obj("!type", str("length"), "min", gram, "max", gram),
            obj(
                "!type",
                str("stop"),
                "stopwords",
                Arbitraries.oneOf(str("_english_"), arrayOf(text(), 2))),
            obj("!type", str("truncate"), "length", gram));
    Arbitrary<JsonNode> charFilter =
        Arbitraries.oneOf(
            str("html_strip", "bogus"),
            obj(
                "!type",
                str("mapping"),
                "mappings",
                arrayOf(str("a=>b", "=>", "a=>", "\\u0000=>x"), 2)),
            obj(
                "!type",
                str("pattern_replace"),
                "pattern",
                Arbitraries.of(Json.REGEX_BOMBS).map(F::textNode),
                "replacement",
                str("$99", "$1")));
    Arbitrary<JsonNode> analyzeText =
        Arbitraries.frequencyOf(
            Tuple.of(8, text()),
            Tuple.of(2, arrayOf(text(), 3)),
            Tuple.of(
                1,
                Arbitraries.of(10_000, 100_000)
                    .map(n -> (JsonNode) F.textNode("abcdefghij ".repeat(n / 11)))));
    Arbitrary<JsonNode> request =
        obj(
            "!text", analyzeText,
            "analyzer", str("standard", "english", "keyword", "bogus", ""),
            "tokenizer", tokenizer,
            "filter", arrayOf(filter, 3),
            "char_filter", arrayOf(charFilter, 2),
            "normalizer", str("lowercase", "bogus"),
            "field", Json.field(),
            "explain", bool(),
            "attributes", arrayOf(str("keyword", "x"), 2));
    return Combinators.combine(
            Arbitraries.of("/_analyze", "/seeded/_analyze", "/nope/_analyze"), body(request))
        .as(
            (path, b) ->
                new HttpCall(
                    "POST", path, JSON_TYPE, b, "POST " + path.replace("seeded", "{index}")));
  }

  /** A document for the fz-* indices: the seeded mapping's fields, or wrong ones, or new ones. */
  static Arbitrary<JsonNode> doc() {
    return Memo.of("doc", () -> docRule());
  }

  private static Arbitrary<JsonNode> docRule() {
    return obj(
        "title",
        text(),
        "tag",
        str("red", "x"),
        "price",
        number(),
        "born",
        QueryDsl.date(),
        "reviews",
        arrayOf(obj("user", str("u1"), "stars", number()), 2),
        "vec",
        arrayOf(number(), 4),
        "",
        text(),
        ".",
        text(),
        "a..b",
        text(),
        "\uD800",
        text(),
        "_id",
        text(),
        "x".repeat(300),
        text(),
        "deep",
        Arbitraries.of(5, 30, 200).map(RestCalls::deepObject));
  }

  static JsonNode deepObject(int depth) {
    ObjectNode root = F.objectNode();
    ObjectNode at = root;
    for (int i = 0; i < depth; i++) {
      at = at.putObject("o");
    }
    at.put("v", 1);
    return root;
  }

  private static Arbitrary<HttpCall> bulk() {
    Arbitrary<String> action =
        Combinators.combine(
                Arbitraries.of("index", "create", "update", "delete", "bogus"),
                obj(
                    "_index",
                    str("fz-docs", "fz-a", "fz-bulk", ""),
                    "_id",
                    str("1", "2", "", "x".repeat(600)),
                    "if_seq_no",
                    number(),
                    "version",
                    number(),
                    "version_type",
                    str("external", "x"),
                    "require_alias",
                    bool(),
                    "routing",
                    str("r")),
                Arbitraries.oneOf(
                    doc(), obj("doc", doc(), "upsert", doc(), "doc_as_upsert", bool())),
                JsonMutation.any())
            .as(
                (op, meta, doc, m) -> {
                  String header = "{\"" + op + "\":" + JsonMutation.text(meta) + "}\n";
                  if (op.equals("delete")) {
                    return header;
                  }
                  return header + new String(m.apply(doc), StandardCharsets.UTF_8) + "\n";
                });
    Arbitrary<byte[]> lines =
        Combinators.combine(
                action.list().ofMinSize(1).ofMaxSize(5),
                Arbitraries.of(
                    "none",
                    "drop-last-newline",
                    "empty-lines",
                    "garbage-line",
                    "swap",
                    "invalid-utf8",
                    "duplicate"),
                Arbitraries.integers().between(0, 1000))
            .as(
                (actions, damage, at) -> {
                  String all = String.join("", actions);
                  byte[] bytes = all.getBytes(StandardCharsets.UTF_8);
                  return switch (damage) {
                    case "drop-last-newline" ->
                        java.util.Arrays.copyOf(bytes, Math.max(0, bytes.length - 1));
                    case "empty-lines" ->
                        ("\n\n" + all.replace("\n", "\n\n")).getBytes(StandardCharsets.UTF_8);
                    case "garbage-line" ->
                        JsonMutation.insert(
                            bytes,
                            at,
                            "{\"index\":{}}\n[1,2]\n{\n".getBytes(StandardCharsets.UTF_8));
                    case "swap" ->
                        (actions.get(actions.size() - 1) + all).getBytes(StandardCharsets.UTF_8);
                    case "invalid-utf8" ->
                        JsonMutation.insert(bytes, at, new byte[] {(byte) 0xC3, 0x28, (byte) 0xFF});
                    case "duplicate" -> (all + all).getBytes(StandardCharsets.UTF_8);
                    default -> bytes;
                  };
                });
    return Combinators.combine(
            Arbitraries.of(
                "/_bulk",
                "/fz-bulk/_bulk",
                "/fz-bulk/_bulk?refresh=true",
                "/_bulk?refresh=wait_for",
                "/_bulk?require_alias=true",
                "/_bulk?timeout=x"),
            Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.just(NDJSON)),
                Tuple.of(1, Arbitraries.of(JSON_TYPE, "text/plain", ""))),
            lines)
        .as(
            (path, ct, b) ->
                new HttpCall("POST", path, ct, b, "POST " + path.replaceAll("\\?.*", "")));
  }

  private static Arbitrary<HttpCall> documents() {
    return Arbitraries.oneOf(
        Combinators.combine(
                Arbitraries.of("PUT", "POST"),
                Arbitraries.of("_doc", "_create"),
                Arbitraries.of("1", "2", "%2F", "x".repeat(600), "_all"),
                params(
                    List.of(
                        "refresh",
                        "op_type",
                        "version",
                        "version_type",
                        "if_seq_no",
                        "if_primary_term",
                        "routing",
                        "timeout")),
                body(doc()))
            .as(
                (m, kind, id, q, b) ->
                    new HttpCall(
                        m,
                        "/fz-docs/" + kind + "/" + id + q,
                        JSON_TYPE,
                        b,
                        m + " /{fz}/" + kind + "/{id}")),
        Combinators.combine(
                Arbitraries.of("1", "2", "nope"),
                body(
                    obj(
                        "doc",
                        doc(),
                        "upsert",
                        doc(),
                        "doc_as_upsert",
                        bool(),
                        "detect_noop",
                        bool(),
                        "script",
                        str("ctx._source.x=1"),
                        "_source",
                        bool())))
            .as(
                (id, b) ->
                    new HttpCall(
                        "POST",
                        "/fz-docs/_update/" + id + "?retry_on_conflict=-1",
                        JSON_TYPE,
                        b,
                        "POST /{fz}/_update/{id}")),
        Arbitraries.of("1", "2", "nope")
            .map(
                id ->
                    new HttpCall(
                        "DELETE", "/fz-docs/_doc/" + id, null, null, "DELETE /{fz}/_doc/{id}")),
        Combinators.combine(
                Arbitraries.of("seeded", "se*", "seeded,fz-docs"),
                Arbitraries.of("0", "1", "23", "", "nope"),
                params(
                    List.of(
                        "_source",
                        "_source_includes",
                        "stored_fields",
                        "realtime",
                        "refresh",
                        "version",
                        "routing",
                        "preference")))
            .as(
                (idx, id, q) ->
                    new HttpCall(
                        "GET",
                        "/" + enc(idx) + "/_doc/" + id + q,
                        null,
                        null,
                        "GET /{index}/_doc/{id}")),
        body(obj(
                "ids",
                arrayOf(str("1", "2", "", "x"), 3),
                "docs",
                arrayOf(
                    obj(
                        "_id",
                        str("1"),
                        "_index",
                        str("seeded", "fz-docs", "*"),
                        "_source",
                        bool()),
                    2)))
            .map(b -> new HttpCall("POST", "/seeded/_mget", JSON_TYPE, b, "POST /{index}/_mget")));
  }

  /** Field mappings with bad names, wrong types and parameters, deep objects and many fields. */
  static Arbitrary<JsonNode> properties(int depth) {
    return Memo.of("properties" + depth, () -> propertiesRule(depth));
  }

  private static Arbitrary<JsonNode> propertiesRule(int depth) {
    Arbitrary<JsonNode> leaf =
        obj(
            "!type",
                str(
                    "text",
                    "keyword",
                    "integer",
                    "long",
                    "date",
                    "boolean",
                    "float",
                    "knn_vector",
                    "nested",
                    "object",
                    "bogus",
                    ""),
            "dimension", number(),
            "analyzer", str("standard", "bogus"),
            "format", str("yyyy", "[", "epoch_millis||bogus"),
            "ignore_above", number(),
            "null_value", Json.hostile(),
            "copy_to", str("title", "fz", ""),
            "index", bool(),
            "doc_values", bool(),
            "fields", obj("raw", obj("type", str("keyword"))),
            "method",
                obj(
                    "name",
                    str("hnsw", "bogus"),
                    "parameters",
                    obj("m", number(), "ef_construction", number())));
    Arbitrary<JsonNode> field =
        depth <= 0
            ? leaf
            : Arbitraries.oneOf(
                leaf,
                Arbitraries.lazy(() -> properties(depth - 1))
                    .map(p -> (JsonNode) F.objectNode().set("properties", p)));
    Arbitrary<String> name =
        Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.of("f1", "f2", "title", "price", "obj")),
            Tuple.of(
                2,
                Arbitraries.of(
                    "",
                    ".",
                    "*",
                    "a..b",
                    ".a",
                    "a.",
                    "\uD800",
                    "\uDC00",
                    "\u0000",
                    "_id",
                    "_source",
                    "x".repeat(300),
                    "f*")),
            Tuple.of(1, Arbitraries.strings().ofMaxLength(8)));
    return Combinators.combine(name, field)
        .as((n, f) -> (JsonNode) F.objectNode().set(n, f))
        .list()
        .ofMaxSize(4)
        .map(
            l -> {
              ObjectNode o = F.objectNode();
              l.forEach(n -> o.setAll((ObjectNode) n));
              return (JsonNode) o;
            });
  }

  static JsonNode manyFields(int n) {
    ObjectNode props = F.objectNode();
    for (int i = 0; i < n; i++) {
      props.set("f" + i, F.objectNode().put("type", "keyword"));
    }
    return props;
  }

  static Arbitrary<JsonNode> mapping() {
    return Memo.of("mapping", () -> mappingRule());
  }

  private static Arbitrary<JsonNode> mappingRule() {
    return obj(
        "properties",
            Arbitraries.frequencyOf(
                Tuple.of(20, properties(3)),
                Tuple.of(1, Arbitraries.of(1_001, 5_000).map(RestCalls::manyFields)),
                Tuple.of(1, Arbitraries.of(25, 60).map(RestCalls::deepObject))),
        "dynamic", str("true", "false", "strict", "runtime", "bogus"),
        "_meta", obj("x", text()),
        "dynamic_templates",
            arrayOf(
                obj(
                    "t",
                    obj(
                        "match",
                        str("*"),
                        "match_mapping_type",
                        str("string", "bogus"),
                        "mapping",
                        obj("type", str("keyword", "bogus")))),
                2),
        "_source", obj("enabled", bool()));
  }

  static Arbitrary<JsonNode> settings() {
    return Memo.of("settings", () -> settingsRule());
  }

  private static Arbitrary<JsonNode> settingsRule() {
    return obj(
        "number_of_shards", number(),
        "number_of_replicas", number(),
        "index.knn", bool(),
        "refresh_interval", str("1s", "-1", "x", "0"),
        "index.max_result_window", number(),
        "index.max_regex_length", number(),
        "index.max_terms_count", number(),
        "index.mapping.total_fields.limit", number(),
        "index.mapping.depth.limit", number(),
        "index.translog.durability", str("async", "request", "x"),
        "index.requests.cache.enable", bool(),
        "index.bogus", text(),
        "analysis",
            obj(
                "analyzer",
                    obj(
                        "my",
                        obj(
                            "type",
                            str("custom", "bogus"),
                            "tokenizer",
                            str("standard", "my_ngram", "bogus"),
                            "filter",
                            arrayOf(str("lowercase", "my_pr"), 2))),
                "tokenizer",
                    obj(
                        "my_ngram",
                        obj("type", str("ngram"), "min_gram", number(), "max_gram", number())),
                "filter",
                    obj(
                        "my_pr",
                        obj(
                            "type",
                            str("pattern_replace"),
                            "pattern",
                            Arbitraries.of(Json.REGEX_BOMBS).map(F::textNode),
                            "replacement",
                            str("$99")))));
  }

  private static Arbitrary<HttpCall> createIndex() {
    return Combinators.combine(
            Arbitraries.of(NEW_INDICES),
            body(
                obj(
                    "settings",
                    settings(),
                    "mappings",
                    mapping(),
                    "aliases",
                    obj("fz-alias", obj("filter", QueryDsl.query(1))))))
        .as((idx, b) -> new HttpCall("PUT", "/" + enc(idx), JSON_TYPE, b, "PUT /{fz}"));
  }

  private static Arbitrary<HttpCall> putMapping() {
    return Combinators.combine(
            Arbitraries.of("fz-a", "fz-docs", "fz-map", "fz-*", "nope"), body(mapping()))
        .as(
            (idx, b) ->
                new HttpCall(
                    "PUT", "/" + enc(idx) + "/_mapping", JSON_TYPE, b, "PUT /{fz}/_mapping"));
  }

  private static Arbitrary<HttpCall> putSettings() {
    return Arbitraries.oneOf(
        Combinators.combine(
                Arbitraries.of("fz-a", "fz-docs", "fz-*"),
                body(Arbitraries.oneOf(settings(), wrap("index", settings()))))
            .as(
                (idx, b) ->
                    new HttpCall(
                        "PUT", "/" + enc(idx) + "/_settings", JSON_TYPE, b, "PUT /{fz}/_settings")),
        body(obj(
                "transient",
                obj(
                    "search.max_buckets",
                    number(),
                    "indices.query.bool.max_clause_count",
                    number(),
                    "bogus.setting",
                    number())))
            .map(
                b ->
                    new HttpCall(
                        "PUT", "/_cluster/settings", JSON_TYPE, b, "PUT /_cluster/settings")));
  }

  private static Arbitrary<HttpCall> byQuery() {
    return Combinators.combine(
            Arbitraries.of(WRITE_TARGETS),
            Arbitraries.of("_delete_by_query", "_update_by_query"),
            params(
                List.of(
                    "refresh",
                    "conflicts",
                    "max_docs",
                    "q",
                    "wait_for_completion",
                    "slices",
                    "scroll_size",
                    "requests_per_second")),
            body(
                obj(
                    "query",
                    QueryDsl.query(2),
                    "max_docs",
                    number(),
                    "conflicts",
                    str("proceed", "abort", "x"),
                    "script",
                    obj("source", str("ctx._source.x=1")),
                    "slice",
                    obj("id", number(), "max", number()))))
        .as(
            (idx, op, q, b) ->
                new HttpCall(
                    "POST", "/" + enc(idx) + "/" + op + q, JSON_TYPE, b, "POST /{fz}/" + op));
  }

  private static Arbitrary<HttpCall> reindex() {
    return Combinators.combine(
            params(
                List.of(
                    "refresh", "wait_for_completion", "requests_per_second", "slices", "max_docs")),
            body(
                obj(
                    "!source",
                        obj(
                            "!index",
                            Arbitraries.oneOf(
                                str(READ_TARGETS.toArray(String[]::new)),
                                arrayOf(str("seeded", "fz-a"), 2)),
                            "query",
                            QueryDsl.query(1),
                            "size",
                            number(),
                            "_source",
                            Arbitraries.oneOf(bool(), arrayOf(Json.field(), 2)),
                            "remote",
                            obj("host", str("http://127.0.0.1:1"))),
                    "!dest",
                        obj(
                            "!index",
                            str("fz-re", "fz-re2", "fz-UPPER", ""),
                            "op_type",
                            str("create", "index", "x"),
                            "version_type",
                            str("external", "internal", "x"),
                            "pipeline",
                            str("p")),
                    "max_docs", number(),
                    "conflicts", str("proceed", "x"),
                    "script", obj("source", str("1")))))
        .as((q, b) -> new HttpCall("POST", "/_reindex" + q, JSON_TYPE, b, "POST /_reindex"));
  }

  private static Arbitrary<HttpCall> deleteIndex() {
    return Combinators.combine(
            Arbitraries.of(
                "fz-a",
                "fz-b",
                "fz-re",
                "fz-*",
                "*,-seeded",
                "fz-*,-seeded",
                "*,-se*",
                "fz-nope",
                "fz-a,nope"),
            params(
                List.of("ignore_unavailable", "allow_no_indices", "expand_wildcards", "timeout")))
        .as((idx, q) -> new HttpCall("DELETE", "/" + enc(idx) + q, null, null, "DELETE /{fz}"));
  }

  private static Arbitrary<HttpCall> aliases() {
    Arbitrary<JsonNode> action =
        Arbitraries.oneOf(
            wrap(
                "add",
                obj(
                    "!index",
                    str("fz-a", "fz-b", "fz-*"),
                    "!alias",
                    str("fz-al", "fz-al2", "", "*", "seeded"),
                    "filter",
                    QueryDsl.query(1),
                    "is_write_index",
                    bool(),
                    "routing",
                    str("1"))),
            wrap("remove", obj("!index", str("fz-a", "fz-*"), "!alias", str("fz-al", "*", "_all"))),
            wrap("remove_index", obj("!index", str("fz-b", "fz-*", "fz-nope"))));
    return body(obj("!actions", arrayOf(action, 3)))
        .map(b -> new HttpCall("POST", "/_aliases", JSON_TYPE, b, "POST /_aliases"));
  }

  private static Arbitrary<HttpCall> reads() {
    return Combinators.combine(
            Arbitraries.of(
                "/_cluster/health",
                "/_cluster/health/seeded",
                "/_cat/indices",
                "/_cat/count/seeded",
                "/_cat/health",
                "/_cat/aliases",
                "/_cat/segments",
                "/seeded/_stats",
                "/_stats/docs,store",
                "/seeded/_segments",
                "/seeded/_mapping",
                "/_settings",
                "/seeded/_settings",
                "/_alias",
                "/_cluster/settings",
                "/seeded/_refresh",
                "/seeded/_flush",
                "/seeded/_forcemerge",
                "/",
                "/_search/scroll",
                "/seeded/_search/point_in_time"),
            params(
                List.of(
                    "format",
                    "v",
                    "h",
                    "s",
                    "bytes",
                    "level",
                    "wait_for_status",
                    "timeout",
                    "flat_settings",
                    "include_defaults",
                    "keep_alive",
                    "max_num_segments",
                    "scroll",
                    "scroll_id")),
            Arbitraries.frequencyOf(
                Tuple.of(5, Arbitraries.just("GET")),
                Tuple.of(1, Arbitraries.just("POST")),
                Tuple.of(1, Arbitraries.just("HEAD"))))
        .as((path, q, m) -> new HttpCall(m, path + q, null, null, m + " " + path));
  }

  /** JSON far deeper than any parser or query limit: the StackOverflowError class of bugs. */
  private static Arbitrary<HttpCall> deepNesting() {
    return Combinators.combine(
            Arbitraries.of(50, 1_001, 5_000, 20_000),
            Arbitraries.of("bool", "array", "regexp", "aggs", "bulk-doc", "field-name"))
        .as(
            (depth, shape) -> {
              String body =
                  switch (shape) {
                    case "bool" ->
                        "{\"query\":"
                            + "{\"bool\":{\"must\":[".repeat(depth)
                            + "{\"match_all\":{}}"
                            + "]}}".repeat(depth)
                            + "}";
                    case "array" ->
                        "{\"query\":{\"terms\":{\"tag\":"
                            + "[".repeat(depth)
                            + "]".repeat(depth)
                            + "}}}";
                    case "regexp" ->
                        "{\"query\":{\"regexp\":{\"tag\":\""
                            + "(".repeat(depth)
                            + "a"
                            + ")".repeat(depth)
                            + "\"}}}";
                    case "aggs" ->
                        "{\"size\":0,"
                            + "\"aggs\":{\"a\":{\"terms\":{\"field\":\"tag\"},".repeat(depth)
                            + "\"x\":1"
                            + "}}".repeat(depth)
                            + "}";
                    case "bulk-doc" ->
                        "{\"index\":{\"_index\":\"fz-deep\"}}\n"
                            + "{\"o\":".repeat(depth)
                            + "1"
                            + "}".repeat(depth)
                            + "\n";
                    default -> "{\"query\":{\"term\":{\"" + "f".repeat(depth * 10) + "\":\"x\"}}}";
                  };
              boolean bulk = shape.equals("bulk-doc");
              return new HttpCall(
                  "POST",
                  bulk ? "/_bulk" : "/seeded/_search",
                  bulk ? NDJSON : JSON_TYPE,
                  body.getBytes(StandardCharsets.UTF_8),
                  bulk ? "POST /_bulk (deep)" : "POST /{index}/_search (deep " + shape + ")");
            });
  }

  /** Strings of 100 KB to 4 MB where a term, a pattern, a field name or a document value goes. */
  private static Arbitrary<HttpCall> hugeStrings() {
    return Combinators.combine(
            Arbitraries.of(100_000, 1_000_000),
            Arbitraries.of("term", "wildcard", "query_string", "field-name", "doc", "analyze"))
        .as(
            (n, shape) -> {
              String big = "a".repeat(n);
              String path = "/seeded/_search";
              String body =
                  switch (shape) {
                    case "term" -> "{\"query\":{\"term\":{\"tag\":\"" + big + "\"}}}";
                    case "wildcard" -> "{\"query\":{\"wildcard\":{\"title\":\"*" + big + "*\"}}}";
                    case "query_string" ->
                        "{\"query\":{\"query_string\":{\"query\":\"" + big + "~2\"}}}";
                    case "field-name" -> "{\"query\":{\"match\":{\"" + big + "\":\"x\"}}}";
                    case "analyze" -> "{\"tokenizer\":\"standard\",\"text\":\"" + big + "\"}";
                    default -> "{\"title\":\"" + big + "\",\"tag\":\"" + big + "\"}";
                  };
              if (shape.equals("doc")) {
                path = "/fz-docs/_doc/big";
              } else if (shape.equals("analyze")) {
                path = "/_analyze";
              }
              return new HttpCall(
                  shape.equals("doc") ? "PUT" : "POST",
                  path,
                  JSON_TYPE,
                  body.getBytes(StandardCharsets.UTF_8),
                  "huge " + shape);
            });
  }

  /** Paths from Duet's vocabulary in random order, with random methods and parameters. */
  private static Arbitrary<HttpCall> randomPath() {
    // The first segment is never a wildcard or _all: "DELETE /_all" deletes everything in
    // OpenSearch too, which is the client's right, not a bug.
    Arbitrary<String> first =
        Arbitraries.of(
            "fz-r",
            "_cat",
            "_cluster",
            "_search",
            "_bulk",
            "_analyze",
            "_reindex",
            "_aliases",
            "_alias",
            "_mapping",
            "_settings",
            "_stats",
            "_msearch",
            "_mget",
            "_nodes",
            "_tasks",
            "%FF",
            "%00",
            "%2e%2e",
            "é",
            "x".repeat(300),
            "",
            "fz-r,fz-s");
    Arbitrary<String> rest =
        Arbitraries.of(
            "_search",
            "_count",
            "_doc",
            "_bulk",
            "_mapping",
            "_settings",
            "_alias",
            "_aliases",
            "_analyze",
            "indices",
            "health",
            "_stats",
            "_segments",
            "_refresh",
            "_flush",
            "_forcemerge",
            "_mget",
            "_validate",
            "query",
            "_explain",
            "_update",
            "_create",
            "_source",
            "_delete_by_query",
            "_update_by_query",
            "scroll",
            "point_in_time",
            "_all",
            "*",
            "1",
            "%FF",
            "%00",
            "%2e%2e",
            "%2F",
            "",
            "_cat",
            "field",
            "x".repeat(300));
    return Combinators.combine(
            Arbitraries.of(
                "GET", "POST", "PUT", "DELETE", "HEAD", "PATCH", "OPTIONS", "TRACE", "FOO"),
            first,
            rest.list().ofMaxSize(3),
            params(
                List.of("pretty", "format", "v", "refresh", "size", "q", "filter_path", "timeout")),
            Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(new byte[0])),
                Tuple.of(3, body(QueryDsl.searchBody())),
                Tuple.of(
                    1,
                    Arbitraries.of(
                        new byte[] {(byte) 0xFF, 0, (byte) 0xC3},
                        "{\"a\":".getBytes(StandardCharsets.UTF_8)))),
            contentType())
        .as(
            (m, head, tail, q, b, ct) -> {
              String path = "/" + head + (tail.isEmpty() ? "" : "/" + String.join("/", tail));
              boolean noBody = b.length == 0 || m.equals("HEAD") || m.equals("TRACE");
              String route =
                  m
                      + " /"
                      + (head.startsWith("_") ? head : "{x}")
                      + (tail.isEmpty() ? "" : "/" + tail.get(0));
              return new HttpCall(
                  m, path + q, noBody ? null : ct, noBody ? null : b, "random " + route);
            });
  }

  /** Percent-encodes a path segment or parameter, keeping what index expressions use. */
  static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace("%2C", ",");
  }
}
