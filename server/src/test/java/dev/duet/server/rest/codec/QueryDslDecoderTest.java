package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.DisMax;
import dev.duet.engine.search.FunctionScore;
import dev.duet.engine.search.Fuzzy;
import dev.duet.engine.search.MatchPhrase;
import dev.duet.engine.search.MultiMatch;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.ScoreFunction;
import dev.duet.engine.search.TextOptions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The full-text, term-level and compound families of the REST query decoder. */
class QueryDslDecoderTest {
  private static Query parse(String json) throws Exception {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    try (JsonParser p = Json.parser(bytes, 0, bytes.length)) {
      return QueryDecoder.parse(p);
    }
  }

  @Test
  void matchCarriesItsTextOptions() throws Exception {
    assertThat(
            parse(
                "{\"match\":{\"body\":{\"query\":\"quikc\",\"fuzziness\":\"AUTO\","
                    + "\"prefix_length\":1,\"analyzer\":\"stop\",\"zero_terms_query\":\"all\"}}}"))
        .isEqualTo(
            new Query.Match(
                "body",
                "quikc",
                Query.Operator.OR,
                null,
                new TextOptions("stop", "AUTO", 1, 50, true, true),
                1f));
  }

  @Test
  void phraseMultiMatchAndFuzzyShapes() throws Exception {
    assertThat(parse("{\"match_phrase\":{\"body\":{\"query\":\"a b\",\"slop\":2}}}"))
        .isEqualTo(new MatchPhrase("body", "a b", 2, null, false, 1f));
    assertThat(
            parse(
                "{\"multi_match\":{\"query\":\"x\",\"fields\":[\"a^2\",\"b\"],"
                    + "\"type\":\"phrase_prefix\",\"tie_breaker\":0.3}}"))
        .isEqualTo(
            new MultiMatch(
                List.of("a^2", "b"),
                "x",
                MultiMatch.Type.PHRASE_PREFIX,
                Query.Operator.OR,
                null,
                0.3f,
                0,
                TextOptions.DEFAULT,
                1f));
    assertThat(parse("{\"fuzzy\":{\"name\":{\"value\":\"ki\",\"fuzziness\":2}}}"))
        .isEqualTo(new Fuzzy("name", "ki", "2", 0, 50, true, 1f));
  }

  @Test
  void compoundQueriesNestTheirClauses() throws Exception {
    assertThat(
            parse(
                "{\"dis_max\":{\"queries\":[{\"match_all\":{}},{\"match_none\":{}}],"
                    + "\"tie_breaker\":0.5}}"))
        .isEqualTo(new DisMax(List.of(new Query.MatchAll(1f), new Query.MatchNone(1f)), 0.5f, 1f));
    Query fs =
        parse(
            "{\"function_score\":{\"query\":{\"match_all\":{}},\"field_value_factor\":"
                + "{\"field\":\"v\",\"modifier\":\"log1p\"},\"weight\":2,\"boost_mode\":\"sum\"}}");
    assertThat(fs)
        .isEqualTo(
            new FunctionScore(
                new Query.MatchAll(1f),
                List.of(
                    new ScoreFunction.FieldValueFactor(
                        null, 2f, "v", 1f, null, ScoreFunction.Modifier.LOG1P)),
                FunctionScore.ScoreMode.MULTIPLY,
                FunctionScore.BoostMode.SUM,
                Float.MAX_VALUE,
                null,
                1f));
  }

  @Test
  void badShapesFailAsOpenSearchDoes() {
    assertThatThrownBy(() -> parse("{\"multi_match\":{\"query\":\"x\",\"type\":\"nope\"}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("parse_exception");
              assertThat(e.reason())
                  .isEqualTo("failed to parse [multi_match] query type [nope]. unknown type.");
            });
    assertThatThrownBy(() -> parse("{\"prefix\":{\"tag\":{\"value\":\"a\",\"foo\":1}}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("parsing_exception");
              assertThat(e.reason()).isEqualTo("[prefix] query does not support [foo]");
              // OpenSearch points at the option's value (col 46 inside {"query":...}, 9 more).
              assertThat(e.metadata()).containsEntry("col", "37");
            });
    assertThatThrownBy(() -> parse("{\"dis_max\":{}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.reason())
                    .isEqualTo("[dis_max] requires 'queries' field with at least one clause"));
  }
}
