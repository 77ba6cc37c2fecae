package dev.duet.protogen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duet.protogen.check.Protoc;
import dev.duet.protogen.postprocess.NumberingLedger;
import dev.duet.protogen.preprocess.Diagnostics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A large spec, thousands of schemas, through the whole pipeline: it must finish, protoc must
 * compile the output, and what could not be mapped is reported. No big real-world OpenAPI 3 spec
 * ships in a jar on Maven Central that this build can fetch, so the spec is synthetic, built from a
 * seed (logged) with every construct the mapper handles, including unions it must refuse.
 */
class LargeSpecTest {
  private static final Logger LOG = LoggerFactory.getLogger(LargeSpecTest.class);
  private static final int SCHEMAS = 3000;
  private static final int TAGS = 25;
  private static final int RESOURCES_PER_TAG = 24;
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void aLargeSpecMapsCompilesAndReportsWhatItCouldNotMap() throws Exception {
    long seed = Long.getLong("protogen.seed", System.nanoTime());
    LOG.info("LargeSpecTest seed {} (replay with -Dprotogen.seed={})", seed, seed);
    Path spec = dir.resolve("large.json");
    Files.writeString(spec, JSON.writeValueAsString(spec(new Random(seed))));

    Protogen.Generated generated = Protogen.generate(spec, "big", NumberingLedger.empty(), true);
    Path out = dir.resolve("out");
    Protogen.write(generated.files(), out);
    var descriptors = Protoc.locate().compile(out);

    int messages = descriptors.getFileList().stream().mapToInt(f -> f.getMessageTypeCount()).sum();
    long rpcs =
        descriptors.getFileList().stream()
            .flatMap(f -> f.getServiceList().stream())
            .mapToLong(s -> s.getMethodCount())
            .sum();
    LOG.info(
        "{} files, {} top-level messages, {} RPCs, {} spots mapped with a fallback",
        descriptors.getFileCount(),
        messages,
        rpcs,
        generated.diagnostics().problems().size());
    assertThat(rpcs).isEqualTo((long) TAGS * RESOURCES_PER_TAG * 3);
    assertThat(messages).isGreaterThan(SCHEMAS / 2);
    // Every ambiguous union in the spec is reported by its pointer, with the override to use.
    assertThat(generated.diagnostics().problems())
        .filteredOn(p -> p.reason().startsWith("ambiguous oneOf"))
        .isNotEmpty()
        .allSatisfy(
            p -> {
              assertThat(p.severity()).isEqualTo(Diagnostics.Severity.LOSSY);
              assertThat(p.pointer()).startsWith("#/components/schemas/");
              assertThat(p.reason()).contains("x-protobuf-type");
            });
  }

  private static ObjectNode spec(Random random) {
    ObjectNode root = JSON.createObjectNode();
    root.put("openapi", "3.0.3");
    root.putObject("info").put("title", "large").put("version", "1");
    ObjectNode schemas = root.putObject("components").putObject("schemas");
    for (int i = 0; i < SCHEMAS; i++) {
      schemas.set(name(i), schema(random, i));
    }
    ObjectNode paths = root.putObject("paths");
    for (int t = 0; t < TAGS; t++) {
      for (int r = 0; r < RESOURCES_PER_TAG; r++) {
        String tag = "tag_" + t;
        ObjectNode item = paths.putObject("/" + tag + "/res-" + r + "/{id}");
        for (String method : new String[] {"get", "put", "delete"}) {
          ObjectNode op = item.putObject(method);
          op.put("operationId", tag + "." + method + "_res_" + r);
          op.putArray("tags").add(tag);
          ArrayNode params = op.putArray("parameters");
          params
              .addObject()
              .put("name", "id")
              .put("in", "path")
              .put("required", true)
              .putObject("schema")
              .put("type", "string");
          params
              .addObject()
              .put("name", "_source")
              .put("in", "query")
              .putObject("schema")
              .put("type", "boolean");
          String target = name(random.nextInt(SCHEMAS));
          if (method.equals("put")) {
            op.putObject("requestBody")
                .putObject("content")
                .putObject("application/json")
                .putObject("schema")
                .put("$ref", "#/components/schemas/" + target);
          }
          ObjectNode responses = op.putObject("responses");
          ObjectNode ok = responses.putObject("200").put("description", "ok");
          if (!method.equals("delete")) {
            ok.putObject("content")
                .putObject("application/json")
                .putObject("schema")
                .put("$ref", "#/components/schemas/" + target);
          }
          responses
              .putObject("404")
              .put("description", "missing")
              .putObject("content")
              .putObject("application/json")
              .putObject("schema")
              .put("$ref", "#/components/schemas/" + name(0));
        }
      }
    }
    return root;
  }

  private static String name(int i) {
    return "_common___Schema." + i;
  }

  private static ObjectNode schema(Random random, int i) {
    ObjectNode s = JSON.createObjectNode();
    int kind = random.nextInt(20);
    if (kind == 0) {
      s.put("type", "string");
      ArrayNode values = s.putArray("enum");
      for (int v = 0; v < 2 + random.nextInt(6); v++) {
        values.add("value-" + v);
      }
      return s;
    }
    if (kind == 1) {
      ArrayNode branches = s.putArray("oneOf");
      branches.addObject().put("type", "boolean");
      branches.addObject().put("$ref", "#/components/schemas/" + name(random.nextInt(SCHEMAS)));
      return s;
    }
    s.put("type", "object");
    s.put("description", "Schema " + i + ".");
    ObjectNode props = s.putObject("properties");
    int count = 3 + random.nextInt(6);
    for (int p = 0; p < count; p++) {
      props.set(propertyName(random, p), property(random));
    }
    return s;
  }

  private static String propertyName(Random random, int p) {
    return switch (random.nextInt(4)) {
      case 0 -> "_field_" + p;
      case 1 -> "field." + p;
      case 2 -> "fieldName" + p;
      default -> "field_" + p;
    };
  }

  private static ObjectNode property(Random random) {
    ObjectNode p = JSON.createObjectNode();
    String ref = "#/components/schemas/" + name(random.nextInt(SCHEMAS));
    switch (random.nextInt(14)) {
      case 0 -> p.put("type", "string");
      case 1 -> p.put("type", "integer").put("format", "int32");
      case 2 -> p.put("type", "integer");
      case 3 -> p.put("type", "number");
      case 4 -> p.put("type", "boolean");
      case 5 -> p.put("type", "string").putArray("enum").add("a").add("b").add("wait_for");
      case 6 -> p.put("type", "array").putObject("items").put("$ref", ref);
      case 7 -> p.put("type", "object").putObject("additionalProperties").put("$ref", ref);
      case 8 -> p.put("type", "object");
      case 9 -> {
        p.put("type", "object");
        p.putObject("properties").putObject("inner").put("type", "string");
      }
      case 10 -> {
        ArrayNode oneOf = p.putArray("oneOf");
        oneOf.addObject().put("type", "string");
        oneOf.addObject().put("type", "array").putObject("items").put("type", "string");
      }
      case 11 -> {
        // Two object branches with nothing to tell them apart: ambiguous.
        ArrayNode oneOf = p.putArray("oneOf");
        oneOf.addObject().put("$ref", ref);
        oneOf
            .addObject()
            .put("type", "object")
            .putObject("properties")
            .putObject("x")
            .put("type", "string");
      }
      case 12 -> {
        ArrayNode allOf = p.putArray("allOf");
        allOf.addObject().put("$ref", ref);
        allOf
            .addObject()
            .put("type", "object")
            .putObject("properties")
            .putObject("extra")
            .put("type", "integer");
      }
      default -> p.put("$ref", ref);
    }
    return p;
  }
}
