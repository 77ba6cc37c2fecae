package dev.duet.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonDiffTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String s) throws Exception {
    return JSON.readTree(s.replace('\'', '"'));
  }

  private static List<String> diff(JsonDiff d, String expected, String actual) throws Exception {
    return d.diff(json(expected), json(actual)).stream().map(Object::toString).toList();
  }

  private static JsonDiff plain() {
    return new JsonDiff(List.of(), List.of(), List.of(), Map.of());
  }

  @Test
  void equalDocumentsHaveNoDifferences() throws Exception {
    assertThat(diff(plain(), "{'a':1,'b':[1,2],'c':{'d':'x'}}", "{'c':{'d':'x'},'b':[1,2],'a':1}"))
        .isEmpty();
  }

  @Test
  void reportsChangedMissingAndExtraFieldsWithTheirPaths() throws Exception {
    assertThat(diff(plain(), "{'a':1,'b':{'c':'x','d':true}}", "{'a':2,'b':{'c':'x','e':null}}"))
        .containsExactly(
            "a: OpenSearch 1, Duet 2",
            "b.d: OpenSearch true, Duet <missing>",
            "b.e: OpenSearch <missing>, Duet null");
  }

  @Test
  void arraysCompareInOrderUnlessUnordered() throws Exception {
    assertThat(diff(plain(), "{'h':[{'id':1},{'id':2}]}", "{'h':[{'id':2},{'id':1}]}"))
        .containsExactly("h.0.id: OpenSearch 1, Duet 2", "h.1.id: OpenSearch 2, Duet 1");
    JsonDiff unordered = new JsonDiff(List.of(), List.of(), List.of("h"), Map.of());
    assertThat(diff(unordered, "{'h':[{'id':1},{'id':2}]}", "{'h':[{'id':2},{'id':1}]}")).isEmpty();
    assertThat(diff(unordered, "{'h':[1,2]}", "{'h':[1,2,3]}"))
        .containsExactly(
            "h (array size): OpenSearch 2, Duet 3", "h.2: OpenSearch <missing>, Duet 3");
  }

  @Test
  void aWholeBodyCanBeUnordered() throws Exception {
    JsonDiff d = new JsonDiff(List.of(), List.of(), List.of("body"), Map.of());
    assertThat(
            diff(
                d,
                "{'status':200,'body':[{'i':'b','h':'yellow'},{'i':'a','h':'green'}]}",
                "{'status':200,'body':[{'h':'green','i':'a'},{'h':'yellow','i':'b'}]}"))
        .isEmpty();
    assertThat(
            diff(
                d,
                "{'body':[{'h':'yellow','i':'b'},{'h':'green','i':'a'}]}",
                "{'body':[{'i':'a','h':'green'},{'i':'b','h':'yellow'}]}"))
        .isEmpty();
  }

  @Test
  void ignoredValuesMustStillBePresent() throws Exception {
    JsonDiff d = new JsonDiff(List.of("took", "items.*.index._id"), List.of(), List.of(), Map.of());
    assertThat(
            diff(
                d,
                "{'took':5,'items':[{'index':{'_id':'a'}}]}",
                "{'took':9,'items':[{'index':{'_id':'b'}}]}"))
        .isEmpty();
    assertThat(diff(d, "{'took':5}", "{}"))
        .containsExactly("took: OpenSearch \"<ignored>\", Duet <missing>");
  }

  @Test
  void optionalValuesMayBeAbsent() throws Exception {
    JsonDiff d = new JsonDiff(List.of(), List.of("**.stack_trace"), List.of(), Map.of());
    assertThat(diff(d, "{'e':{'type':'x','stack_trace':'at ...'}}", "{'e':{'type':'x'}}"))
        .isEmpty();
    assertThat(diff(d, "{'e':{'type':'x','stack_trace':'a'}}", "{'e':{'type':'y'}}"))
        .containsExactly("e.type: OpenSearch \"x\", Duet \"y\"");
  }

  @Test
  void patternedValuesMustMatchOnBothSides() throws Exception {
    JsonDiff d =
        new JsonDiff(List.of(), List.of(), List.of(), Map.of("**.index_uuid", "^[a-z]{3}$"));
    assertThat(diff(d, "{'error':{'index_uuid':'abc'}}", "{'error':{'index_uuid':'xyz'}}"))
        .isEmpty();
    assertThat(diff(d, "{'index_uuid':'abc'}", "{'index_uuid':'TOO-LONG'}"))
        .containsExactly("index_uuid: OpenSearch \"<matches /^[a-z]{3}$/>\", Duet \"TOO-LONG\"");
  }

  @Test
  void keysWithDotsCanBeNamedAsTheyAre() throws Exception {
    JsonDiff d = new JsonDiff(List.of("*.store.size"), List.of(), List.of(), Map.of());
    assertThat(
            diff(
                d,
                "[{'store.size':'1kb','docs.count':'1'}]",
                "[{'store.size':'2kb','docs.count':'1'}]"))
        .isEmpty();
  }

  @Test
  void numbersCompareByValueWithFloatTolerance() throws Exception {
    assertThat(
            diff(
                plain(),
                "{'a':1,'b':0.76939094,'c':2.0}",
                "{'a':1.0,'b':0.7693909406661987,'c':2}"))
        .isEmpty();
    assertThat(diff(plain(), "{'a':0.5}", "{'a':0.6}"))
        .containsExactly("a: OpenSearch 0.5, Duet 0.6");
    assertThat(diff(plain(), "{'a':1}", "{'a':'1'}"))
        .containsExactly("a: OpenSearch 1, Duet \"1\"");
  }
}
