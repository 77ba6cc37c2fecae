package dev.duet.server.fuzz;

import static dev.duet.server.fuzz.Json.F;
import static dev.duet.server.fuzz.Json.arrayOf;
import static dev.duet.server.fuzz.Json.bool;
import static dev.duet.server.fuzz.Json.extremeNumber;
import static dev.duet.server.fuzz.Json.field;
import static dev.duet.server.fuzz.Json.obj;
import static dev.duet.server.fuzz.Json.onField;
import static dev.duet.server.fuzz.Json.smallInt;
import static dev.duet.server.fuzz.Json.str;
import static dev.duet.server.fuzz.Json.text;
import static dev.duet.server.fuzz.Json.wrap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * The query DSL and the aggregations the README lists, as jqwik arbitraries: every query type and
 * aggregation with its parameters, each parameter absent, plausible or hostile.
 */
final class QueryDsl {
  private QueryDsl() {}

  static Arbitrary<JsonNode> number() {
    return Memo.of("number", () -> numberRule());
  }

  private static Arbitrary<JsonNode> numberRule() {
    return Arbitraries.oneOf(smallInt(), extremeNumber());
  }

  static Arbitrary<JsonNode> date() {
    return Memo.of("date", () -> dateRule());
  }

  private static Arbitrary<JsonNode> dateRule() {
    return str("2010-01-01", "now-1d/d", "2015-05-15T10:00:00Z", "1700000000000", "01/02/2003");
  }

  static Arbitrary<JsonNode> scalar() {
    return Memo.of("scalar", () -> scalarRule());
  }

  private static Arbitrary<JsonNode> scalarRule() {
    return Arbitraries.oneOf(text(), smallInt(), date(), bool());
  }

  /** A query of at most {@code depth} levels of compound queries. */
  static Arbitrary<JsonNode> query(int depth) {
    return Memo.of("query" + depth, () -> queryRule(depth));
  }

  private static Arbitrary<JsonNode> queryRule(int depth) {
    Arbitrary<JsonNode> leaf = leafQuery();
    if (depth <= 0) {
      return leaf;
    }
    Arbitrary<JsonNode> inner = Arbitraries.lazy(() -> query(depth - 1));
    Arbitrary<JsonNode> clauses = Arbitraries.oneOf(inner, arrayOf(inner, 3));
    return Arbitraries.frequencyOf(
        Tuple.of(5, leaf),
        Tuple.of(
            2,
            wrap(
                "bool",
                obj(
                    "must", clauses,
                    "should", clauses,
                    "filter", clauses,
                    "must_not", clauses,
                    "minimum_should_match",
                        Arbitraries.oneOf(smallInt(), str("50%", "-1", "2<75%")),
                    "boost", number(),
                    "_name", str("q1")))),
        Tuple.of(1, wrap("constant_score", obj("!filter", inner, "boost", number()))),
        Tuple.of(
            1,
            wrap(
                "boosting",
                obj("!positive", inner, "!negative", inner, "!negative_boost", number()))),
        Tuple.of(
            1,
            wrap(
                "dis_max",
                obj("!queries", arrayOf(inner, 3), "tie_breaker", number(), "boost", number()))),
        Tuple.of(1, wrap("function_score", functionScore(inner))),
        Tuple.of(
            1,
            wrap(
                "nested",
                obj(
                    "!path", str("reviews", "title", "nope", ""),
                    "!query", inner,
                    "score_mode", str("avg", "max", "sum", "none", "bogus"),
                    "ignore_unmapped", bool(),
                    "inner_hits", innerHits()))),
        Tuple.of(1, knn(inner)));
  }

  private static Arbitrary<JsonNode> leafQuery() {
    return Memo.of("leafQuery", () -> leafQueryRule());
  }

  private static Arbitrary<JsonNode> leafQueryRule() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            (JsonNode) F.objectNode().set("match_all", F.objectNode()),
            F.objectNode().set("match_none", F.objectNode())),
        wrap(
            "match",
            onField(
                Arbitraries.oneOf(
                    text(),
                    obj(
                        "!query", Arbitraries.oneOf(text(), smallInt()),
                        "operator", str("and", "or", "xor"),
                        "fuzziness", str("AUTO", "0", "2", "AUTO:3,6", "-1"),
                        "prefix_length", number(),
                        "max_expansions", number(),
                        "analyzer", str("standard", "whitespace", "nope"),
                        "zero_terms_query", str("all", "none"),
                        "minimum_should_match", str("1", "100%", "-50%"),
                        "boost", number())))),
        wrap("match_phrase", onField(obj("!query", text(), "slop", number()))),
        wrap("match_phrase_prefix", onField(obj("!query", text(), "max_expansions", number()))),
        wrap("match_bool_prefix", onField(obj("!query", text(), "fuzziness", str("AUTO")))),
        wrap(
            "multi_match",
            obj(
                "!query", text(),
                "fields", arrayOf(field(), 3),
                "type",
                    str(
                        "best_fields",
                        "most_fields",
                        "cross_fields",
                        "phrase",
                        "phrase_prefix",
                        "bool_prefix",
                        "bogus"),
                "tie_breaker", number(),
                "slop", number())),
        wrap(
            "query_string",
            obj(
                "!query",
                    Arbitraries.oneOf(
                        text(),
                        str("title:/a{2147483647}/", "(((", "title:fox~999", "*:*", "a AND")),
                "default_field", field(),
                "fields", arrayOf(field(), 2),
                "max_determinized_states", number(),
                "allow_leading_wildcard", bool())),
        wrap(
            "simple_query_string",
            obj("!query", text(), "fields", arrayOf(field(), 2), "flags", str("ALL", "NONE", "x"))),
        wrap(
            "term",
            onField(Arbitraries.oneOf(scalar(), obj("!value", scalar(), "boost", number())))),
        wrap("terms", onField(arrayOf(scalar(), 4))),
        wrap(
            "terms_set",
            onField(
                obj(
                    "!terms", arrayOf(scalar(), 3),
                    "minimum_should_match_field", field(),
                    "minimum_should_match", number()))),
        wrap(
            "range",
            onField(
                obj(
                    "gte", scalar(),
                    "lt", scalar(),
                    "gt", number(),
                    "lte", date(),
                    "format", str("yyyy", "epoch_millis", "[", "yyyy||bogus"),
                    "time_zone", str("+01:00", "Europe/Paris", "Mars/Olympus"),
                    "relation", str("within", "intersects", "bogus")))),
        wrap("exists", obj("!field", field())),
        wrap(
            "prefix",
            onField(
                Arbitraries.oneOf(text(), obj("!value", text(), "rewrite", str("top_terms_1"))))),
        wrap(
            "wildcard",
            onField(
                obj(
                    "!value",
                        Arbitraries.oneOf(
                            text(), Arbitraries.of(Json.REGEX_BOMBS).map(F::textNode)),
                    "case_insensitive", bool()))),
        wrap(
            "regexp",
            onField(
                obj(
                    "!value",
                        Arbitraries.oneOf(
                            text(), Arbitraries.of(Json.REGEX_BOMBS).map(F::textNode)),
                    "flags", str("ALL", "NONE", "INTERSECTION|COMPLEMENT", "bogus"),
                    "max_determinized_states", number()))),
        wrap(
            "fuzzy",
            onField(
                obj(
                    "!value", text(),
                    "fuzziness", str("AUTO", "2", "-1", "10"),
                    "prefix_length", number(),
                    "max_expansions", number(),
                    "transpositions", bool()))),
        wrap("ids", obj("!values", arrayOf(str("1", "2", "", "x"), 4))));
  }

  private static Arbitrary<JsonNode> functionScore(Arbitrary<JsonNode> inner) {
    Arbitrary<JsonNode> decay =
        onField(obj("!origin", scalar(), "!scale", str("1d", "10", "-1", "0"), "decay", number()));
    Arbitrary<JsonNode> function =
        Arbitraries.oneOf(
            obj("weight", number(), "filter", inner),
            wrap(
                "field_value_factor",
                obj(
                    "!field", field(),
                    "factor", number(),
                    "modifier", str("log", "ln", "sqrt", "reciprocal", "bogus"),
                    "missing", number())),
            wrap("random_score", obj("seed", number(), "field", str("_seq_no"))),
            wrap("gauss", decay),
            wrap("exp", decay),
            wrap("linear", decay));
    return obj(
        "query", inner,
        "functions", arrayOf(function, 3),
        "score_mode", str("multiply", "sum", "first", "bogus"),
        "boost_mode", str("replace", "sum", "bogus"),
        "max_boost", number(),
        "min_score", number());
  }

  private static Arbitrary<JsonNode> knn(Arbitrary<JsonNode> inner) {
    Arbitrary<JsonNode> vector =
        Arbitraries.oneOf(
            arrayOf(Arbitraries.of(1.0, -1.0, 0.0, 1e308).map(d -> (JsonNode) F.numberNode(d)), 5),
            Arbitraries.just(F.arrayNode().add(1).add(2).add(3)));
    return wrap(
        "knn",
        Combinators.combine(
                Arbitraries.of("vec", "title", "nope", "reviews"),
                obj(
                    "!vector", vector,
                    "k", number(),
                    "max_distance", number(),
                    "min_score", number(),
                    "filter", inner,
                    "_name", str("k1"),
                    "rescore", Arbitraries.oneOf(bool(), obj("oversample_factor", number())),
                    "method_parameters", obj("ef_search", number(), "nprobes", number())))
            .as((f, v) -> (JsonNode) F.objectNode().set(f, v)));
  }

  private static Arbitrary<JsonNode> innerHits() {
    return Memo.of("innerHits", () -> innerHitsRule());
  }

  private static Arbitrary<JsonNode> innerHitsRule() {
    return obj(
        "name", str("ih"), "from", number(), "size", number(), "sort", sort(), "_source", bool());
  }

  static Arbitrary<JsonNode> sort() {
    return Memo.of("sort", () -> sortRule());
  }

  private static Arbitrary<JsonNode> sortRule() {
    Arbitrary<JsonNode> one =
        Arbitraries.oneOf(
            field(),
            onField(
                obj(
                    "order", str("asc", "desc", "sideways"),
                    "mode", str("min", "max", "avg", "sum", "median"),
                    "missing", str("_last", "_first", "x"),
                    "unmapped_type", str("long", "bogus"),
                    "nested",
                        obj(
                            "!path",
                            str("reviews", "nope"),
                            "filter",
                            leafQuery(),
                            "max_children",
                            number()))));
    return Arbitraries.oneOf(one, arrayOf(one, 3));
  }

  /** A map of at most {@code depth} levels of sub-aggregations. */
  static Arbitrary<JsonNode> aggs(int depth) {
    return Memo.of("aggs" + depth, () -> aggsRule(depth));
  }

  private static Arbitrary<JsonNode> aggsRule(int depth) {
    Arbitrary<JsonNode> agg = aggregation(depth);
    return Combinators.combine(Arbitraries.of("a", "b", "", "x>y", "a[b]"), agg)
        .as((n, a) -> (JsonNode) F.objectNode().set(n, a))
        .list()
        .ofMinSize(1)
        .ofMaxSize(2)
        .map(
            l -> {
              ObjectNode o = F.objectNode();
              l.forEach(n -> o.setAll((ObjectNode) n));
              return (JsonNode) o;
            });
  }

  static Arbitrary<JsonNode> aggregation(int depth) {
    return Memo.of("aggregation" + depth, () -> aggregationRule(depth));
  }

  private static Arbitrary<JsonNode> aggregationRule(int depth) {
    Arbitrary<JsonNode> body = aggBody();
    if (depth <= 0) {
      return body;
    }
    Arbitrary<JsonNode> sub = Arbitraries.lazy(() -> aggs(depth - 1));
    return Combinators.combine(body, sub, Arbitraries.integers().between(0, 3))
        .as(
            (b, s, pick) -> {
              if (pick == 0 && b.isObject()) {
                ObjectNode copy = ((ObjectNode) b).deepCopy();
                copy.set("aggs", s);
                return (JsonNode) copy;
              }
              return b;
            });
  }

  private static Arbitrary<JsonNode> aggBody() {
    return Memo.of("aggBody", () -> aggBodyRule());
  }

  private static Arbitrary<JsonNode> aggBodyRule() {
    Arbitrary<JsonNode> f = field();
    Arbitrary<JsonNode> range =
        obj("from", scalar(), "to", scalar(), "key", str("k"), "mask", str("10.0.0.0/8"));
    Arbitrary<JsonNode> metric = obj("!field", f, "missing", scalar(), "format", str("0.0", "["));
    Arbitrary<JsonNode> bucketsPath =
        obj(
            "!buckets_path",
            str("a>_count", "a", "b>a.value", "", ">", "a.b.c"),
            "gap_policy",
            str("skip", "insert_zeros", "x"));
    return Arbitraries.oneOf(
        wrap(
            "terms",
            obj(
                "!field", f,
                "size", Json.or(QueryDsl.number()),
                "shard_size", number(),
                "min_doc_count", number(),
                "order",
                    Arbitraries.oneOf(
                        obj("_count", str("asc", "x")),
                        obj("_key", str("desc")),
                        obj("a", str("asc"))),
                "include",
                    Arbitraries.oneOf(
                        text(),
                        arrayOf(text(), 3),
                        obj("partition", number(), "num_partitions", number())),
                "exclude", text(),
                "missing", scalar(),
                "execution_hint", str("map", "global_ordinals", "x"))),
        wrap(
            "multi_terms",
            obj("!terms", arrayOf(obj("!field", f, "missing", scalar()), 3), "size", number())),
        wrap(
            "range",
            obj(
                "!field",
                f,
                "!ranges",
                Arbitraries.oneOf(arrayOf(range, 3), text()),
                "keyed",
                bool())),
        wrap(
            "date_range",
            obj(
                "!field", f,
                "!ranges", Arbitraries.oneOf(arrayOf(range, 3), text(), arrayOf(text(), 2)),
                "format", str("yyyy", "["),
                "time_zone", str("+01:00", "bogus"))),
        wrap(
            "histogram",
            obj(
                "!field", f,
                "!interval", number(),
                "offset", number(),
                "min_doc_count", number(),
                "extended_bounds", obj("min", number(), "max", number()),
                "hard_bounds", obj("min", number(), "max", number()))),
        wrap(
            "date_histogram",
            obj(
                "!field", f,
                "calendar_interval", str("1d", "month", "0d", "1y", "2w"),
                "fixed_interval", str("1ms", "0d", "30s", "-1h", "x"),
                "interval", str("0d", "1d", "x"),
                "offset", str("x", "+1h", "-1d", ""),
                "format", str("yyyy", "["),
                "time_zone", str("+01:00", "bogus"),
                "min_doc_count", number(),
                "extended_bounds", obj("min", date(), "max", date()))),
        wrap("filter", leafQuery()),
        wrap(
            "filters",
            obj(
                "!filters",
                Arbitraries.oneOf(arrayOf(leafQuery(), 2), obj("x", leafQuery())),
                "other_bucket",
                bool())),
        wrap("missing", obj("!field", f)),
        Arbitraries.just((JsonNode) F.objectNode().set("global", F.objectNode())),
        wrap(
            "composite",
            obj(
                "!sources",
                    arrayOf(
                        Arbitraries.oneOf(
                            Arbitraries.just((JsonNode) F.objectNode().put("tag", "*")),
                            Combinators.combine(
                                    Arbitraries.of("s", ""),
                                    wrap(
                                        "terms",
                                        obj(
                                            "!field", f,
                                            "missing_bucket", bool(),
                                            "missing_order", str("first", "last", "x"),
                                            "order", str("asc", "desc", "x"))))
                                .as((n, v) -> (JsonNode) F.objectNode().set(n, v)),
                            Combinators.combine(
                                    Arbitraries.just("h"),
                                    wrap("histogram", obj("!field", f, "!interval", number())))
                                .as((n, v) -> (JsonNode) F.objectNode().set(n, v))),
                        3),
                "size", number(),
                "after", obj("s", scalar()))),
        wrap("significant_terms", obj("!field", f, "size", number(), "min_doc_count", number())),
        wrap("min", metric),
        wrap("max", metric),
        wrap("avg", metric),
        wrap("sum", metric),
        wrap("stats", metric),
        wrap("extended_stats", obj("!field", f, "sigma", number())),
        wrap("value_count", metric),
        wrap("cardinality", obj("!field", f, "precision_threshold", number())),
        wrap(
            "percentiles",
            obj(
                "!field", f,
                "percents", arrayOf(number(), 3),
                "keyed", bool(),
                "tdigest", obj("compression", number()),
                "hdr", obj("number_of_significant_value_digits", number()))),
        wrap("percentile_ranks", obj("!field", f, "!values", arrayOf(number(), 3))),
        wrap(
            "top_hits",
            obj(
                "size",
                number(),
                "from",
                number(),
                "sort",
                sort(),
                "_source",
                bool(),
                "highlight",
                highlight())),
        wrap("bucket_sort", obj("sort", sort(), "from", number(), "size", number())),
        wrap("avg_bucket", bucketsPath),
        wrap("sum_bucket", bucketsPath),
        wrap("max_bucket", bucketsPath),
        wrap("min_bucket", bucketsPath),
        wrap("derivative", bucketsPath),
        wrap("cumulative_sum", bucketsPath),
        wrap("nested", obj("!path", str("reviews", "title", "nope"))),
        wrap("reverse_nested", obj("path", str("reviews", "nope"))));
  }

  static Arbitrary<JsonNode> highlight() {
    return Memo.of("highlight", () -> highlightRule());
  }

  private static Arbitrary<JsonNode> highlightRule() {
    return obj(
        "!fields",
            Arbitraries.oneOf(
                onField(
                    obj(
                        "number_of_fragments",
                        number(),
                        "fragment_size",
                        number(),
                        "type",
                        str("unified", "plain", "fvh", "x"))),
                arrayOf(field(), 2)),
        "pre_tags", arrayOf(str("<b>", ""), 2),
        "max_analyzed_offset", number(),
        "number_of_fragments", number(),
        "highlight_query", leafQuery());
  }

  /** A whole {@code _search} body. */
  static Arbitrary<JsonNode> searchBody() {
    return Memo.of("searchBody", () -> searchBodyRule());
  }

  private static Arbitrary<JsonNode> searchBodyRule() {
    return obj(
        "query", query(3),
        "aggs", aggs(2),
        "size", number(),
        "from", number(),
        "sort", sort(),
        "_source",
            Arbitraries.oneOf(
                bool(),
                arrayOf(field(), 2),
                obj("includes", arrayOf(field(), 2), "excludes", field())),
        "track_total_hits", Arbitraries.oneOf(bool(), number()),
        "highlight", highlight(),
        "docvalue_fields",
            arrayOf(
                Arbitraries.oneOf(
                    field(), obj("!field", field(), "format", str("epoch_millis", "["))),
                2),
        "stored_fields", arrayOf(field(), 2),
        "fields", arrayOf(field(), 2),
        "explain", bool(),
        "collapse", obj("!field", field(), "inner_hits", innerHits()),
        "terminate_after", number(),
        "timeout", str("1ms", "10s", "-1", "x"),
        "rescore",
            obj(
                "window_size",
                number(),
                "!query",
                obj(
                    "!rescore_query",
                    leafQuery(),
                    "query_weight",
                    number(),
                    "score_mode",
                    str("total", "x"))),
        "profile", bool(),
        "min_score", number(),
        "post_filter", leafQuery(),
        "search_after", arrayOf(scalar(), 2),
        "version", bool(),
        "seq_no_primary_term", bool(),
        "indices_boost", arrayOf(obj("seeded", number()), 2),
        "script_fields", obj("s", obj("script", str("1"))));
  }
}
