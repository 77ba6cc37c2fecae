package dev.duet.protogen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import dev.duet.protogen.check.AcceptedBreaks;
import dev.duet.protogen.check.CheckReport;
import dev.duet.protogen.check.Protoc;
import dev.duet.protogen.check.Rule.RuleSet;
import dev.duet.protogen.postprocess.NumberingLedger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Random valid specs built from the shapes real specs use (allOf, unions with and without
 * discriminators, nullable and 3.1 type lists, maps, recursion, inline enums, path-level
 * parameters, names that clash after sanitising): every output compiles with protoc, and after a
 * random compatible spec change (a field, an operation, an enum value) regenerating with the ledger
 * passes {@code protogen check}. jqwik reports the seed; each spec's own seed is logged and {@link
 * #replay} rebuilds it.
 */
class GeneratedSpecPropertyTest {
  private static final Logger LOG = LoggerFactory.getLogger(GeneratedSpecPropertyTest.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String REF = "#/components/schemas/";
  private static final List<String> COMPONENTS =
      List.of("Pet", "foo-bar", "foo_bar", "Node", "message", "1st", "Thing");
  private static final List<String> PROPERTIES =
      List.of(
          "id",
          "foo-bar",
          "foo_bar",
          "fooBar",
          "message",
          "syntax",
          "option",
          "true",
          "1st",
          "2nd-place",
          "_x",
          "x",
          "value",
          "string",
          "enum",
          "map",
          "oneof",
          "reserved");
  private static final List<String> TAGS =
      List.of("things", "foo-bar", "foo_bar", "common", "options", "1st", "message");

  @Property(tries = 80)
  void everyOutputCompilesAndACompatibleChangeKeepsTheLedgerCompatible(@ForAll long seed)
      throws IOException {
    LOG.info("spec seed {}", seed);
    replay(seed);
  }

  /** One try: build the spec from {@code seed}, generate, change, regenerate, check. */
  static void replay(long seed) throws IOException {
    Random random = new Random(seed);
    Path dir = Files.createTempDirectory("protogen-property");
    GeneratedSpec spec = new GeneratedSpec(random);
    Path specFile = dir.resolve("spec.json");
    Path ledgerFile = dir.resolve("ledger.json");

    Files.writeString(specFile, JSON.writeValueAsString(spec.root));
    NumberingLedger ledger = NumberingLedger.empty();
    Protogen.Generated before = Protogen.generate(specFile, "p", ledger, true);
    ledger.write(ledgerFile);
    FileDescriptorSet old = compile(dir.resolve("before"), before);

    String change = spec.change(random);
    Files.writeString(specFile, JSON.writeValueAsString(spec.root));
    Protogen.Generated after =
        Protogen.generate(specFile, "p", NumberingLedger.read(ledgerFile), true);
    FileDescriptorSet neu = compile(dir.resolve("after"), after);

    CheckReport report =
        CheckReport.of(old, neu, RuleSet.WIRE_JSON, AcceptedBreaks.none(), "seed " + seed);
    assertThat(report.compatible())
        .as("seed %d, change %s:\n%s", seed, change, report.text())
        .isTrue();
  }

  private static FileDescriptorSet compile(Path out, Protogen.Generated generated) {
    Protogen.write(generated.files(), out);
    return Protoc.locate().compile(out);
  }

  /** A random spec as JSON, with handles on the parts a compatible change may grow. */
  private static final class GeneratedSpec {
    final ObjectNode root = JSON.createObjectNode();
    final boolean v31;
    final ObjectNode schemas;
    final ObjectNode paths;
    final List<String> names = new ArrayList<>();
    final List<ObjectNode> objectProperties = new ArrayList<>();
    final List<ArrayNode> enums = new ArrayList<>();
    int added;

    GeneratedSpec(Random random) {
      v31 = random.nextBoolean();
      root.put("openapi", v31 ? "3.1.0" : "3.0.3");
      root.putObject("info").put("title", "random").put("version", "1");
      paths = root.putObject("paths");
      schemas = root.putObject("components").putObject("schemas");
      int count = 2 + random.nextInt(COMPONENTS.size() - 1);
      for (int i = 0; i < count; i++) {
        names.add(COMPONENTS.get(i));
      }
      for (String name : names) {
        schemas.set(name, component(random));
      }
      int operations = 1 + random.nextInt(4);
      for (int i = 0; i < operations; i++) {
        operation(random, "/r" + i + "/{id}", "op-" + i, random.nextBoolean());
      }
    }

    /** Applies one compatible change and says which. */
    String change(Random random) {
      int kind = random.nextInt(3);
      if (kind == 0 && !objectProperties.isEmpty()) {
        ObjectNode props = objectProperties.get(random.nextInt(objectProperties.size()));
        props.putObject("added_" + ++added).put("type", "string");
        return "a field";
      }
      if (kind == 1 && !enums.isEmpty()) {
        enums.get(random.nextInt(enums.size())).add("added-" + ++added);
        return "an enum value";
      }
      operation(random, "/added/" + ++added, "added-op-" + added, false);
      return "an operation";
    }

    private ObjectNode component(Random random) {
      ObjectNode s = JSON.createObjectNode();
      switch (random.nextInt(6)) {
        case 0 -> enumOf(s, random);
        case 1 -> {
          ArrayNode allOf = s.putArray("allOf");
          allOf.addObject().put("$ref", ref(random));
          ObjectNode inline = allOf.addObject().put("type", "object");
          objectProperties.add(properties(inline, random, 1 + random.nextInt(3)));
        }
        case 2 -> {
          ObjectNode props = properties(s.put("type", "object"), random, 1 + random.nextInt(5));
          objectProperties.add(props);
          s.putArray("required").add("id");
          props.putObject("id").put("type", "string");
        }
        default -> {
          s.put("type", "object");
          objectProperties.add(properties(s, random, 1 + random.nextInt(5)));
        }
      }
      return s;
    }

    private ObjectNode properties(ObjectNode object, Random random, int count) {
      ObjectNode props = object.putObject("properties");
      for (int i = 0; i < count; i++) {
        props.set(PROPERTIES.get(random.nextInt(PROPERTIES.size())), property(random, 0));
      }
      return props;
    }

    private ObjectNode property(Random random, int depth) {
      ObjectNode p = JSON.createObjectNode();
      int kinds = depth > 1 ? 8 : 19;
      switch (random.nextInt(kinds)) {
        case 0 -> p.put("type", "string");
        case 1 -> p.put("type", "integer").put("format", "int32");
        case 2 -> p.put("type", "number");
        case 3 -> p.put("type", "boolean");
        case 4 -> nullable(p, "string");
        case 5 -> enumOf(p, random);
        case 6 -> p.put("$ref", ref(random));
        case 7 -> p.put("type", "array").putObject("items").put("type", "integer");
        case 8 -> p.put("type", "array").set("items", property(random, depth + 1));
        case 9 -> p.put("type", "object").put("additionalProperties", true);
        case 10 -> p.put("type", "object").set("additionalProperties", property(random, depth + 1));
        case 11 -> {
          ArrayNode allOf = p.putArray("allOf");
          allOf.addObject().put("$ref", ref(random));
          if (random.nextBoolean()) {
            ObjectNode inline = allOf.addObject().put("type", "object");
            inline.putObject("properties").set("extra", property(random, depth + 1));
          }
        }
        case 12 -> {
          ArrayNode oneOf = p.putArray(random.nextBoolean() ? "oneOf" : "anyOf");
          oneOf.addObject().put("type", "string");
          oneOf.addObject().put("type", "integer");
          oneOf.addObject().put("type", "array").set("items", property(random, 2));
        }
        case 13 -> {
          ArrayNode oneOf = p.putArray("oneOf");
          for (String key : List.of("r", "w")) {
            ObjectNode branch = oneOf.addObject().put("type", "object");
            branch.putArray("required").add(key);
            branch.putObject("properties").putObject(key).put("type", "number");
          }
        }
        case 14 -> {
          ArrayNode oneOf = p.putArray("oneOf");
          oneOf.addObject().put("$ref", ref(random));
          oneOf.addObject().put("$ref", ref(random));
          p.putObject("discriminator").put("propertyName", "kind");
        }
        case 15 -> {
          ObjectNode inline = nullable(p, "object");
          inline.putObject("properties").set("inner", property(random, depth + 1));
        }
        case 16 -> {
          if (v31) {
            p.putArray("type").add("string").add("integer").add("null");
          } else {
            p.put("type", "string").putArray("enum").add("a-b").add("a_b").add("1st");
          }
        }
        case 17 -> {
          ArrayNode oneOf = p.putArray("oneOf");
          oneOf.addObject().put("$ref", ref(random));
          oneOf.addObject().put("type", "array").putObject("items").put("$ref", ref(random));
        }
        default -> p.put("type", "array").putObject("items").put("$ref", ref(random));
      }
      return p;
    }

    private ObjectNode nullable(ObjectNode p, String type) {
      if (v31) {
        p.putArray("type").add(type).add("null");
      } else {
        p.put("type", type).put("nullable", true);
      }
      return p;
    }

    private void enumOf(ObjectNode s, Random random) {
      ArrayNode values = s.put("type", "string").putArray("enum");
      for (int v = 0; v < 1 + random.nextInt(4); v++) {
        values.add(List.of("a", "b-c", "b_c", "1st", "message", "").get(random.nextInt(6)));
      }
      enums.add(values);
    }

    private void operation(Random random, String path, String id, boolean post) {
      ObjectNode item = paths.putObject(path);
      ArrayNode shared = item.putArray("parameters");
      shared
          .addObject()
          .put("name", "id")
          .put("in", "path")
          .put("required", true)
          .putObject("schema")
          .put("type", "string");
      if (random.nextBoolean()) {
        ObjectNode level = shared.addObject().put("name", "level").put("in", "query");
        enumOf(level.putObject("schema"), random);
      }
      ObjectNode op = item.putObject(post ? "post" : "get");
      op.put("operationId", id);
      op.putArray("tags").add(TAGS.get(random.nextInt(TAGS.size())));
      ArrayNode params = op.putArray("parameters");
      ObjectNode mode = params.addObject().put("name", "2-mode").put("in", "query");
      enumOf(mode.putObject("schema"), random);
      if (post) {
        op.putObject("requestBody")
            .putObject("content")
            .putObject("application/json")
            .set("schema", response(random));
      }
      ObjectNode responses = op.putObject("responses");
      String first = random.nextBoolean() ? "200" : "201";
      ObjectNode ok = responses.putObject(first).put("description", "ok");
      if (random.nextInt(5) > 0) {
        ok.putObject("content").putObject("application/json").set("schema", response(random));
      }
      if (random.nextBoolean()) {
        responses
            .putObject("202")
            .put("description", "later")
            .putObject("content")
            .putObject("application/json")
            .set("schema", response(random));
      }
      if (random.nextBoolean()) {
        responses
            .putObject("default")
            .put("description", "error")
            .putObject("content")
            .putObject("application/json")
            .putObject("schema")
            .put("$ref", ref(random));
      }
    }

    private ObjectNode response(Random random) {
      ObjectNode s = JSON.createObjectNode();
      switch (random.nextInt(6)) {
        case 0 -> {
          ArrayNode allOf = s.putArray("allOf");
          allOf.addObject().put("$ref", ref(random));
          ObjectNode inline = allOf.addObject().put("type", "object");
          objectProperties.add(properties(inline, random, 1 + random.nextInt(2)));
        }
        case 1 -> objectProperties.add(properties(s.put("type", "object"), random, 2));
        case 2 -> s.put("type", "array").putObject("items").put("$ref", ref(random));
        default -> s.setAll(property(random, 1));
      }
      return s;
    }

    private String ref(Random random) {
      return REF + names.get(random.nextInt(names.size()));
    }
  }
}
