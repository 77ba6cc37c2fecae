package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SortSpec.SortOrder;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchRequestDecoderTest {
  private static final SearchRequestDecoder.UrlParams NO_PARAMS =
      new SearchRequestDecoder.UrlParams(null, null, null, null, null, null, null);

  private static SearchRequest decode(String body) throws Exception {
    return decode(body, NO_PARAMS);
  }

  private static SearchRequest decode(String body, SearchRequestDecoder.UrlParams url)
      throws Exception {
    byte[] b = body.getBytes(StandardCharsets.UTF_8);
    return SearchRequestDecoder.decode(List.of("i"), b, 0, b.length, url);
  }

  @Test
  void anEmptyBodyIsMatchAllWithOpenSearchsDefaults() throws Exception {
    SearchRequest r = decode("");
    assertThat(r.query()).isEqualTo(new Query.MatchAll(1f));
    assertThat(r.from()).isZero();
    assertThat(r.size()).isEqualTo(10);
    assertThat(r.source()).isEqualTo(SourceFilter.ALL);
    assertThat(r.trackTotalHits()).isEqualTo(TrackTotalHits.DEFAULT);
  }

  @Test
  void everySortForm() throws Exception {
    SearchRequest r =
        decode("{\"sort\":[\"a\",{\"b\":\"desc\"},{\"c\":{\"order\":\"asc\"}},\"_score\"]}");
    assertThat(r.sort())
        .containsExactly(
            new SortSpec("a", null),
            new SortSpec("b", SortOrder.DESC),
            new SortSpec("c", SortOrder.ASC),
            new SortSpec("_score", null));
    assertThat(decode("{\"sort\":{\"x\":\"desc\"}}").sort())
        .containsExactly(new SortSpec("x", SortOrder.DESC));
    var url = new SearchRequestDecoder.UrlParams(null, null, "a:desc,b", null, null, null, null);
    assertThat(decode("", url).sort())
        .containsExactly(new SortSpec("a", SortOrder.DESC), new SortSpec("b", null));
  }

  @Test
  void everySourceForm() throws Exception {
    assertThat(decode("{\"_source\":false}").source()).isEqualTo(SourceFilter.NONE);
    assertThat(decode("{\"_source\":\"a.*\"}").source())
        .isEqualTo(new SourceFilter(true, List.of("a.*"), List.of()));
    assertThat(decode("{\"_source\":[\"a\",\"b\"]}").source())
        .isEqualTo(new SourceFilter(true, List.of("a", "b"), List.of()));
    assertThat(decode("{\"_source\":{\"includes\":\"a\",\"excludes\":[\"b\"]}}").source())
        .isEqualTo(new SourceFilter(true, List.of("a"), List.of("b")));
    var url = new SearchRequestDecoder.UrlParams(null, null, null, null, "x,y", "z", null);
    assertThat(decode("", url).source())
        .isEqualTo(new SourceFilter(true, List.of("x", "y"), List.of("z")));
  }

  @Test
  void trackTotalHitsAndPagingFromBodyAndUrl() throws Exception {
    assertThat(decode("{\"track_total_hits\":true}").trackTotalHits())
        .isEqualTo(TrackTotalHits.EXACT);
    assertThat(decode("{\"track_total_hits\":false}").trackTotalHits())
        .isEqualTo(TrackTotalHits.DISABLED);
    assertThat(decode("{\"track_total_hits\":100}").trackTotalHits())
        .isEqualTo(new TrackTotalHits(true, 100));
    var url = new SearchRequestDecoder.UrlParams("5", "2", null, null, null, null, "false");
    SearchRequest r = decode("{\"from\":1,\"size\":3}", url);
    assertThat(r.from()).isEqualTo(5);
    assertThat(r.size()).isEqualTo(2);
    assertThat(r.trackTotalHits()).isEqualTo(TrackTotalHits.DISABLED);
  }

  @Test
  void badBodiesAreClientErrors() {
    assertThatThrownBy(() -> decode("{\"frm\":1}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("parsing_exception");
              assertThat(e.reason()).isEqualTo("Unknown key for a VALUE_NUMBER in [frm].");
            });
    assertThatThrownBy(() -> decode("{\"query\":"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.type()).isEqualTo("unexpected_end_of_input_exception"));
    assertThatThrownBy(() -> decode("{\"query\": {\"match_all\": {}}"))
        .hasMessage(
            "Unexpected end-of-input: expected close marker for Object (start marker at [Source:"
                + " REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); byte"
                + " offset: #UNKNOWN])\n"
                + " at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION`"
                + " disabled); byte offset: #27]");
    assertThatThrownBy(() -> decode("{nope"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("json_parse_exception");
              assertThat(e.reason()).contains("byte offset: #1");
            });
    assertThatThrownBy(() -> decode("{\"size\":-1}"))
        .hasMessage("[size] parameter cannot be negative, found [-1]");
    assertThatThrownBy(() -> decode("{\"sort\":{\"a\":\"up\"}}"))
        .hasMessage("No enum constant org.opensearch.search.sort.SortOrder.UP");
  }

  @Test
  void sliceIdAndMaxAreCheckedAsTheyAreReadEachFailureAtItsValue() throws Exception {
    assertThat(decode("{\"slice\":{\"id\":1,\"max\":3,\"field\":\"n\"}}").options().slice())
        .isEqualTo(new dev.duet.engine.search.Slice(1, 3, "n"));
    assertThat(decode("{\"slice\":{\"max\":3}}").options().slice().id())
        .isEqualTo(dev.duet.engine.search.Slice.UNSET);
    assertThatThrownBy(() -> decode("{\"slice\":{\"id\":2,\"max\":2}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.reason()).isEqualTo("[1:24] [slice] failed to parse field [max]");
              assertThat(e.causedBy().reason()).isEqualTo("max must be greater than id");
            });
    // A number in a string is read as OpenSearch reads it; anything else is its number_format error
    // (it used to be read as 0).
    assertThat(decode("{\"slice\":{\"id\":\"1\",\"max\":2}}").options().slice().id()).isEqualTo(1);
    assertThatThrownBy(() -> decode("{\"slice\":{\"id\":\"x\",\"max\":2}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.reason()).isEqualTo("[1:16] [slice] failed to parse field [id]");
              assertThat(e.causedBy().type()).isEqualTo("number_format_exception");
              assertThat(e.causedBy().reason()).isEqualTo("For input string: \"x\"");
            });
    assertThatThrownBy(() -> decode("{\"slice\":{\"max\":1}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.causedBy().reason()).isEqualTo("max must be greater than 1"));
    assertThatThrownBy(() -> decode("{\"slice\":{\"id\":-1}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.causedBy().reason())
                    .isEqualTo("id must be greater than or equal to 0"));
    assertThatThrownBy(() -> decode("{\"slice\":{\"id\":0,\"bogus\":1}}"))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("[slice] unknown field [bogus]");
  }

  @Test
  void collapseInnerHitsAndNestedSortAreDecoded() throws Exception {
    SearchRequest r =
        decode(
            "{\"collapse\":{\"field\":\"k\",\"inner_hits\":[{\"name\":\"a\",\"size\":1},"
                + "{\"name\":\"b\",\"collapse\":{\"field\":\"y\"}}]},"
                + "\"sort\":[{\"c.s\":{\"mode\":\"avg\",\"nested\":{\"path\":\"c\","
                + "\"max_children\":2}}}]}");
    var collapse = r.controls().collapse();
    assertThat(collapse.innerHits()).extracting(h -> h.name()).containsExactly("a", "b");
    assertThat(collapse.innerHits().get(1).collapse().field()).isEqualTo("y");
    assertThat(r.sort().get(0).mode()).isEqualTo("avg");
    assertThat(r.sort().get(0).nested())
        .isEqualTo(new dev.duet.engine.search.NestedSort("c", null, 2, null));
  }
}
