package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.duet.server.DuetNode;
import dev.duet.server.NodeConfig;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The REST API over real HTTP against a real node: exact statuses and bodies, errors included. */
class RestApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dataDir;
  private static DuetNode node;
  private static RestClient http;

  @BeforeAll
  static void start() {
    node = DuetNode.start(NodeConfig.ephemeral(dataDir).withMaxHttpContentLength(64 * 1024));
    http = new RestClient(node.httpPort());
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  private static JsonNode json(RestClient.Response r) throws Exception {
    return JSON.readTree(r.body());
  }

  @Test
  void rootAnswersLikeOpenSearchWithDuetsVersion() throws Exception {
    var r = http.send("GET", "/");
    assertThat(r.status()).isEqualTo(200);
    JsonNode body = json(r);
    assertThat(body.path("version").path("distribution").asText()).isEqualTo("opensearch");
    assertThat(body.path("version").path("number").asText()).isEqualTo("3.8.0");
    assertThat(body.path("version").path("lucene_version").asText()).isEqualTo("10.5.0");
    assertThat(body.path("tagline").asText())
        .isEqualTo("The OpenSearch Project: https://opensearch.org/");
    assertThat(body.path("duet").path("version").asText()).isEqualTo("0.1.0");
    assertThat(http.send("HEAD", "/").status()).isEqualTo(200);
  }

  @Test
  void createGetMappingHeadAndDeleteAnIndex() throws Exception {
    var created =
        http.send(
            "PUT",
            "/books",
            """
            {"settings":{"index":{"number_of_shards":1},"number_of_replicas":0},
             "mappings":{"properties":{"title":{"type":"text"},"year":{"type":"integer"}}}}
            """);
    assertThat(created.status()).isEqualTo(200);
    assertThat(created.body())
        .isEqualTo("{\"acknowledged\":true,\"shards_acknowledged\":true,\"index\":\"books\"}");

    var mapping = json(http.send("GET", "/books/_mapping"));
    assertThat(
            mapping
                .path("books")
                .path("mappings")
                .path("properties")
                .path("year")
                .path("type")
                .asText())
        .isEqualTo("integer");
    assertThat(http.send("HEAD", "/books").status()).isEqualTo(200);

    var again = http.send("PUT", "/books", "{}");
    assertThat(again.status()).isEqualTo(400);
    assertThat(json(again).path("error").path("type").asText())
        .isEqualTo("resource_already_exists_exception");

    assertThat(http.send("DELETE", "/books").body()).isEqualTo("{\"acknowledged\":true}");
    assertThat(http.send("HEAD", "/books").status()).isEqualTo(404);
  }

  @Test
  void missingIndexIsA404WithOpenSearchsErrorBody() throws Exception {
    var r = http.send("GET", "/nope/_doc/1");
    assertThat(r.status()).isEqualTo(404);
    JsonNode error = json(r).path("error");
    assertThat(error.path("type").asText()).isEqualTo("index_not_found_exception");
    assertThat(error.path("reason").asText()).isEqualTo("no such index [nope]");
    assertThat(error.path("root_cause").get(0).path("index").asText()).isEqualTo("nope");
    assertThat(json(r).path("status").asInt()).isEqualTo(404);
    // A document GET resolves an index expression, a search an index or alias: OpenSearch says so.
    assertThat(error.path("resource.type").asText()).isEqualTo("index_expression");
    assertThat(error.path("root_cause").get(0).path("resource.type").asText())
        .isEqualTo("index_expression");
    var delete = http.send("DELETE", "/nope/_doc/1");
    assertThat(delete.status()).isEqualTo(404);
    assertThat(json(delete).path("error").path("resource.type").asText())
        .isEqualTo("index_expression");
    var search = http.send("POST", "/nope/_search", "{}");
    assertThat(json(search).path("error").path("resource.type").asText())
        .isEqualTo("index_or_alias");

    assertThat(http.send("POST", "/nope/_search", "{}").status()).isEqualTo(404);
    assertThat(http.send("DELETE", "/nope").status()).isEqualTo(404);
  }

  @Test
  void bulkThenGetAndSearch() throws Exception {
    String ndjson =
        """
        {"index":{"_index":"shop","_id":"1"}}
        {"name":"red apple","price":3,"tag":"fruit"}
        {"create":{"_index":"shop","_id":"2"}}
        {"name":"green apple","price":5,"tag":"fruit"}
        {"index":{"_index":"shop","_id":"3"}}
        {"name":"carrot","price":1,"tag":"vegetable"}
        """;
    var bulk = http.send("POST", "/_bulk?refresh=true", ndjson, "application/x-ndjson");
    assertThat(bulk.status()).isEqualTo(200);
    JsonNode items = json(bulk).path("items");
    assertThat(json(bulk).path("errors").asBoolean()).isFalse();
    assertThat(items).hasSize(3);
    JsonNode first = items.get(0).path("index");
    assertThat(first.path("result").asText()).isEqualTo("created");
    assertThat(first.path("status").asInt()).isEqualTo(201);
    assertThat(first.path("forced_refresh").asBoolean()).isTrue();
    assertThat(items.get(1).has("create")).isTrue();

    var get = http.send("GET", "/shop/_doc/1");
    assertThat(get.status()).isEqualTo(200);
    assertThat(get.body())
        .startsWith("{\"_index\":\"shop\",\"_id\":\"1\",\"_version\":1,\"_seq_no\":0,")
        .endsWith(
            "\"found\":true,\"_source\":{\"name\":\"red apple\",\"price\":3,\"tag\":\"fruit\"}}");

    var filtered = json(http.send("GET", "/shop/_doc/1?_source_includes=name"));
    assertThat(filtered.path("_source").toString()).isEqualTo("{\"name\":\"red apple\"}");
    assertThat(json(http.send("GET", "/shop/_doc/1?_source=false")).has("_source")).isFalse();

    var missing = http.send("GET", "/shop/_doc/42");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.body()).isEqualTo("{\"_index\":\"shop\",\"_id\":\"42\",\"found\":false}");

    var search =
        json(
            http.send(
                "POST",
                "/shop/_search",
                """
                {"query":{"bool":{"must":{"match":{"name":"apple"}},
                                  "filter":[{"range":{"price":{"gte":4}}}]}}}
                """));
    assertThat(search.path("hits").path("total").path("value").asInt()).isEqualTo(1);
    assertThat(search.path("hits").path("hits").get(0).path("_id").asText()).isEqualTo("2");
    assertThat(search.path("_shards").path("failed").asInt()).isZero();

    var sorted =
        json(
            http.send(
                "GET",
                "/shop/_search",
                "{\"sort\":[{\"price\":{\"order\":\"desc\"}}],\"size\":2,\"_source\":[\"name\"]}"));
    JsonNode hits = sorted.path("hits").path("hits");
    assertThat(hits).hasSize(2);
    assertThat(hits.get(0).path("_id").asText()).isEqualTo("2");
    assertThat(hits.get(0).path("sort").get(0).asLong()).isEqualTo(5);
    assertThat(hits.get(0).path("_score").isNull()).isTrue();
    assertThat(hits.get(0).path("_source").toString()).isEqualTo("{\"name\":\"green apple\"}");
    assertThat(sorted.path("hits").path("max_score").isNull()).isTrue();

    var paged = json(http.send("GET", "/shop/_search?sort=price&from=2&size=5"));
    assertThat(paged.path("hits").path("hits")).hasSize(1);
    assertThat(paged.path("hits").path("hits").get(0).path("_id").asText()).isEqualTo("2");

    var terms =
        json(
            http.send(
                "POST",
                "/shop/_search",
                "{\"query\":{\"terms\":{\"tag.keyword\":[\"vegetable\"]}},"
                    + "\"track_total_hits\":false}"));
    assertThat(terms.path("hits").has("total")).isFalse();
    assertThat(terms.path("hits").path("hits").get(0).path("_id").asText()).isEqualTo("3");

    var term =
        json(http.send("POST", "/_search", "{\"query\":{\"term\":{\"price\":{\"value\":1}}}}"));
    assertThat(term.path("hits").path("total").path("value").asInt()).isEqualTo(1);
  }

  @Test
  void bulkItemFailuresLeaveTheOtherItemsApplied() throws Exception {
    http.send("PUT", "/typed", "{\"mappings\":{\"properties\":{\"age\":{\"type\":\"long\"}}}}");
    String ndjson =
        """
        {"index":{"_id":"1"}}
        {"age":"not a number"}
        {"index":{"_id":"2"}}
        {"age":7}
        {"create":{"_id":"2"}}
        {"age":8}
        """;
    var r = http.send("POST", "/typed/_bulk", ndjson, "application/x-ndjson");
    assertThat(r.status()).isEqualTo(200);
    JsonNode body = json(r);
    assertThat(body.path("errors").asBoolean()).isTrue();
    JsonNode bad = body.path("items").get(0).path("index");
    assertThat(bad.path("status").asInt()).isEqualTo(400);
    assertThat(bad.path("error").path("type").asText()).isEqualTo("mapper_parsing_exception");
    assertThat(body.path("items").get(1).path("index").path("status").asInt()).isEqualTo(201);
    JsonNode conflict = body.path("items").get(2).path("create");
    assertThat(conflict.path("status").asInt()).isEqualTo(409);
    assertThat(conflict.path("error").path("type").asText())
        .isEqualTo("version_conflict_engine_exception");
  }

  @Test
  void malformedBulkBodiesAre400s() throws Exception {
    var noNewline = http.send("POST", "/_bulk", "{\"index\":{\"_index\":\"x\"}}", null);
    assertThat(noNewline.status()).isEqualTo(400);
    assertThat(json(noNewline).path("error").path("reason").asText())
        .isEqualTo("The bulk request must be terminated by a newline [\\n]");

    var badAction = http.send("POST", "/_bulk", "{\"index\":\"x\"}\n{}\n", null);
    assertThat(badAction.status()).isEqualTo(400);
    assertThat(json(badAction).path("error").path("type").asText())
        .isEqualTo("illegal_argument_exception");
    assertThat(json(badAction).path("error").path("reason").asText())
        .isEqualTo(
            "Malformed action/metadata line [1], expected START_OBJECT or END_OBJECT but found"
                + " [VALUE_STRING]");

    var empty = http.send("POST", "/_bulk", "\n", null);
    assertThat(empty.status()).isEqualTo(400);
    assertThat(json(empty).path("error").path("type").asText())
        .isEqualTo("action_request_validation_exception");
    assertThat(json(empty).path("error").path("reason").asText())
        .isEqualTo("Validation Failed: 1: no requests added;");

    var notJson = http.send("POST", "/_bulk", "{nope\n", null);
    assertThat(notJson.status()).isEqualTo(400);
    assertThat(json(notJson).path("error").path("type").asText()).isEqualTo("json_parse_exception");
  }

  @Test
  void searchBodyErrorsAre400s() throws Exception {
    http.send("PUT", "/errs", null);
    var unknown = http.send("POST", "/errs/_search", "{\"query\":{\"foo\":{}}}");
    assertThat(unknown.status()).isEqualTo(400);
    JsonNode error = json(unknown).path("error");
    assertThat(error.path("type").asText()).isEqualTo("parsing_exception");
    assertThat(error.path("reason").asText()).isEqualTo("unknown query [foo]");
    assertThat(error.path("line").asInt()).isEqualTo(1);
    assertThat(error.path("col").asInt()).isEqualTo(17);
    assertThat(error.path("root_cause").get(0).path("type").asText())
        .isEqualTo("parsing_exception");
    assertThat(error.path("caused_by").path("type").asText())
        .isEqualTo("named_object_not_found_exception");

    var malformed = http.send("POST", "/errs/_search", "{\"query\":");
    assertThat(malformed.status()).isEqualTo(400);

    var badKey = http.send("POST", "/errs/_search", "{\"frm\":1}");
    assertThat(badKey.status()).isEqualTo(400);
    assertThat(json(badKey).path("error").path("reason").asText())
        .isEqualTo("Unknown key for a VALUE_NUMBER in [frm].");

    var negative = http.send("GET", "/errs/_search?size=-1");
    assertThat(negative.status()).isEqualTo(400);
  }

  @Test
  void routingFailuresAnswerLikeOpenSearch() throws Exception {
    var noHandler = http.send("GET", "/a/b/c/d");
    assertThat(noHandler.status()).isEqualTo(400);
    assertThat(noHandler.body())
        .isEqualTo("{\"error\":\"no handler found for uri [/a/b/c/d] and method [GET]\"}");

    var wrongMethod = http.send("GET", "/_bulk");
    assertThat(wrongMethod.status()).isEqualTo(405);
    assertThat(wrongMethod.body())
        .isEqualTo(
            "{\"error\":\"Incorrect HTTP method for uri [/_bulk] and method [GET], allowed:"
                + " [POST, PUT]\",\"status\":405}");

    var textBody = http.send("POST", "/_search", "{}", "text/plain");
    assertThat(textBody.status()).isEqualTo(406);
  }

  @Test
  void aBodyAboveTheLimitIs413NamingTheSetting() throws Exception {
    String big = "{\"index\":{\"_index\":\"big\"}}\n{\"f\":\"" + "x".repeat(70 * 1024) + "\"}\n";
    var r = http.send("POST", "/_bulk", big, "application/x-ndjson");
    assertThat(r.status()).isEqualTo(413);
    assertThat(r.body()).contains("http.max_content_length");
    // The node keeps serving.
    assertThat(http.send("GET", "/").status()).isEqualTo(200);
  }

  @Test
  void aStreamedBodyAboveTheLimitIs413Too() throws Exception {
    byte[] big =
        ("{\"index\":{\"_index\":\"big\"}}\n{\"f\":\"" + "y".repeat(70 * 1024) + "\"}\n")
            .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    var request =
        java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://127.0.0.1:" + node.httpPort() + "/_bulk"))
            .header("Content-Type", "application/x-ndjson")
            // An InputStream publisher has no known length: the body is sent chunked.
            .POST(
                java.net.http.HttpRequest.BodyPublishers.ofInputStream(
                    () -> new java.io.ByteArrayInputStream(big)))
            .build();
    var response =
        java.net.http.HttpClient.newBuilder()
            .version(java.net.http.HttpClient.Version.HTTP_1_1)
            .build()
            .send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(413);
    assertThat(response.body()).contains("http.max_content_length");
  }

  @Test
  void flushCommitsTheIndexAndReportsItsShards() throws Exception {
    http.send("PUT", "/flushed", "{\"settings\":{\"number_of_replicas\":0}}");
    assertThat(http.send("PUT", "/flushed/_doc/1", "{\"n\":1}").status()).isEqualTo(201);

    var flushed = http.send("POST", "/flushed/_flush");
    assertThat(flushed.status()).isEqualTo(200);
    assertThat(flushed.body())
        .isEqualTo("{\"_shards\":{\"total\":1,\"successful\":1,\"failed\":0}}");
    assertThat(json(http.send("GET", "/flushed/_doc/1")).path("_version").asInt()).isEqualTo(1);

    var missing = http.send("POST", "/no-such-index/_flush");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(json(missing).path("error").path("type").asText())
        .isEqualTo("index_not_found_exception");
  }

  @Test
  void prettyIndentsTheBody() throws Exception {
    assertThat(http.send("GET", "/?pretty").body()).contains("\n  \"name\" : ");
  }

  @Test
  void singleDocumentWritesGoThroughTheBulkAction() throws Exception {
    var created = http.send("PUT", "/single/_doc/a?refresh=true", "{\"n\":1}");
    assertThat(created.status()).isEqualTo(201);
    assertThat(json(created).path("result").asText()).isEqualTo("created");
    assertThat(json(created).path("_shards").path("successful").asInt()).isEqualTo(1);

    var updated = http.send("PUT", "/single/_doc/a", "{\"n\":2}");
    assertThat(updated.status()).isEqualTo(200);
    assertThat(json(updated).path("_version").asInt()).isEqualTo(2);

    var auto = http.send("POST", "/single/_doc", "{\"n\":3}");
    assertThat(auto.status()).isEqualTo(201);
    assertThat(json(auto).path("_id").asText()).isNotEmpty();

    var conflict = http.send("PUT", "/single/_create/a", "{\"n\":4}");
    assertThat(conflict.status()).isEqualTo(409);
    assertThat(json(conflict).path("error").path("type").asText())
        .isEqualTo("version_conflict_engine_exception");
  }

  @Test
  void clusterHealthAndCatIndices() throws Exception {
    http.send("PUT", "/cat-green", "{\"settings\":{\"number_of_replicas\":0}}");
    var health = json(http.send("GET", "/_cluster/health"));
    assertThat(health.path("number_of_nodes").asInt()).isEqualTo(1);
    assertThat(health.path("status").asText()).isIn("green", "yellow");

    var cat = json(http.send("GET", "/_cat/indices/cat-green?format=json"));
    assertThat(cat).hasSize(1);
    assertThat(cat.get(0).path("health").asText()).isEqualTo("green");
    assertThat(cat.get(0).path("rep").asText()).isEqualTo("0");
    assertThat(cat.get(0).path("docs.count").asText()).isEqualTo("0");

    var text = http.send("GET", "/_cat/indices/cat-green?v");
    assertThat(text.body()).startsWith("health status index").contains("cat-green");
  }

  @Test
  void headAnswersCarryTheJsonContentTypeOfTheirGetTwin() throws Exception {
    http.send("PUT", "/head-typed", "{\"settings\":{\"number_of_replicas\":0}}");
    for (String path : List.of("/", "/head-typed", "/head-missing", "/head-typed/_doc/1")) {
      var r = http.send("HEAD", path);
      assertThat(r.contentType()).as(path).startsWith("application/json");
      assertThat(r.body()).as(path).isEmpty();
    }
  }

  @Test
  void clusterHealthOfNamedIndices() throws Exception {
    http.send(
        "PUT", "/health-green", "{\"settings\":{\"number_of_shards\":1,\"number_of_replicas\":0}}");
    http.send(
        "PUT",
        "/health-yellow",
        "{\"settings\":{\"number_of_shards\":2,\"number_of_replicas\":1}}");

    var green = http.send("GET", "/_cluster/health/health-green");
    assertThat(green.status()).isEqualTo(200);
    assertThat(json(green).path("status").asText()).isEqualTo("green");
    assertThat(json(green).path("active_primary_shards").asInt()).isEqualTo(1);

    var yellow = json(http.send("GET", "/_cluster/health/health-yellow"));
    assertThat(yellow.path("status").asText()).isEqualTo("yellow");
    assertThat(yellow.path("active_shards").asInt()).isEqualTo(2);
    assertThat(yellow.path("unassigned_shards").asInt()).isEqualTo(2);
    // The percentage is over the whole cluster's shards, as in OpenSearch, and 100 when green.
    assertThat(green.body()).contains("\"active_shards_percent_as_number\":100.0");
    int active = 0;
    int total = 0;
    for (JsonNode index : json(http.send("GET", "/_cat/indices?format=json&h=pri,rep"))) {
      active += index.path("pri").asInt();
      total += index.path("pri").asInt() * (1 + index.path("rep").asInt());
    }
    assertThat(yellow.path("active_shards_percent_as_number").asDouble())
        .isEqualTo(100.0 * active / total)
        .isLessThan(100.0);

    var both = json(http.send("GET", "/_cluster/health/health-*"));
    assertThat(both.path("active_primary_shards").asInt()).isEqualTo(3);

    var none = json(http.send("GET", "/_cluster/health/nothing-*"));
    assertThat(none.path("status").asText()).isEqualTo("green");
    assertThat(none.path("active_shards").asInt()).isZero();

    // A named index that does not exist never turns green: OpenSearch times out red with a 408.
    var missing = http.send("GET", "/_cluster/health/health-green,health-missing");
    assertThat(missing.status()).isEqualTo(408);
    assertThat(json(missing).path("status").asText()).isEqualTo("red");
    assertThat(json(missing).path("timed_out").asBoolean()).isTrue();
    assertThat(json(missing).path("active_primary_shards").asInt()).isEqualTo(1);
  }

  @Test
  void catIndicesSelectsColumnsByNameOrAliasAndSorts() throws Exception {
    http.send("PUT", "/sel-b", "{\"settings\":{\"number_of_replicas\":0}}");
    http.send("PUT", "/sel-a", "{\"settings\":{\"number_of_replicas\":0}}");
    http.send(
        "POST",
        "/_bulk?refresh=true",
        "{\"index\":{\"_index\":\"sel-b\"}}\n{}\n{\"index\":{\"_index\":\"sel-b\"}}\n{}\n",
        "application/x-ndjson");

    var json =
        json(http.send("GET", "/_cat/indices/sel-*?format=json&h=index,health,dc,bogus&s=index"));
    assertThat(json.toString())
        .isEqualTo(
            "[{\"index\":\"sel-a\",\"health\":\"green\",\"dc\":\"0\"},"
                + "{\"index\":\"sel-b\",\"health\":\"green\",\"dc\":\"2\"}]");

    var text = http.send("GET", "/_cat/indices/sel-*?v&h=i,docs.count,rep&s=docs.count:desc");
    assertThat(text.body())
        .isEqualTo("i     docs.count rep\nsel-b          2   0\nsel-a          0   0\n");

    var wildcard = json(http.send("GET", "/_cat/indices/sel-a?format=json&h=docs.*"));
    assertThat(wildcard.get(0).fieldNames())
        .toIterable()
        .containsExactly("docs.count", "docs.deleted");

    var badSort = http.send("GET", "/_cat/indices?s=bogus");
    assertThat(badSort.status()).isEqualTo(400);
    assertThat(json(badSort).path("error").path("reason").asText())
        .isEqualTo("Unable to sort by unknown sort key `bogus`");
  }
}
