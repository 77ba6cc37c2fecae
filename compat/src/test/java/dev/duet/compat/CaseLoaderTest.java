package dev.duet.compat;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Keeps the corpus valid in the ordinary build, where no OpenSearch runs. */
class CaseLoaderTest {
  private static final List<CompatCase> CASES = CaseLoader.loadAll();

  @Test
  void theCorpusCoversIssueTwoWithEnoughCases() {
    assertThat(CASES).hasSizeGreaterThanOrEqualTo(45);
    assertThat(CASES.stream().filter(c -> c.grpc().isPresent()).count()).isGreaterThanOrEqualTo(30);
    assertThat(CASES.stream().map(CompatCase::id).collect(Collectors.toSet())).hasSameSizeAs(CASES);
  }

  @Test
  void everyGrpcRequestParsesIntoItsMessage() {
    for (CompatCase c : CASES) {
      c.grpc()
          .ifPresent(
              g -> {
                assertThat(GrpcCaller.knows(g.method())).as(c.id()).isTrue();
                Message request = GrpcCaller.request(g.method(), g.request());
                assertThat(request).as(c.id()).isNotNull();
              });
    }
  }

  @Test
  void everyKnownDifferenceNamesACaseAndSaysWhy() {
    for (var known : KnownDifferences.load().entrySet()) {
      String id = known.getKey().substring(0, known.getKey().indexOf(' '));
      String protocol = known.getKey().substring(known.getKey().indexOf('[') + 1).replace("]", "");
      CompatCase c = CASES.stream().filter(x -> x.id().equals(id)).findFirst().orElse(null);
      assertThat(c).as(known.getKey() + " names no case").isNotNull();
      boolean present = protocol.equals("rest") ? c.rest().isPresent() : c.grpc().isPresent();
      assertThat(present).as(known.getKey() + " names a protocol the case lacks").isTrue();
      assertThat(known.getValue()).as(known.getKey() + " gives no reason").isNotBlank();
    }
  }

  @Test
  void everyCaseCleansUpWhatItCreates() {
    for (CompatCase c : CASES) {
      Set<String> aliases = new HashSet<>();
      for (CompatCase.RestRequest step : c.setup()) {
        // Writes through an alias a step made earlier create no index.
        Matcher alias = Pattern.compile("/_alias(?:es)?/([^/?]+)").matcher(step.path());
        if (alias.find()) {
          aliases.add(alias.group(1));
        }
        if (step.body() != null) {
          Matcher inBody =
              Pattern.compile("\"alias\"\\s*:\\s*\"([^\"]+)\"")
                  .matcher(new String(step.body(), StandardCharsets.UTF_8));
          while (inBody.find()) {
            aliases.add(inBody.group(1));
          }
        }
        // A setup step's path names one index or a comma list of them (e.g. PUT /a,b/_mapping).
        for (String index : step.path().substring(1).split("[/?]")[0].split(",")) {
          if (!index.startsWith("_") && !index.contains("*") && !aliases.contains(index)) {
            assertThat(c.indices()).as(c.id() + " creates " + index).contains(index);
          }
        }
      }
    }
  }

  @Test
  void fixturesAreInlinedBeforeTheCaseOwnSetup() {
    CompatCase c =
        CASES.stream().filter(x -> x.id().equals("075-search-no-index")).findFirst().orElseThrow();
    assertThat(c.indices()).containsExactly("compat-books", "compat-other");
    assertThat(c.setup().get(0).toString()).isEqualTo("PUT /compat-books");
    assertThat(c.setup().get(c.setup().size() - 1).path()).startsWith("/compat-other/");
  }

  @Test
  void splitsOpenSearchErrorDescriptions() {
    assertThat(
            GrpcCaller.description(
                    "IndexNotFoundException[no such index [x]]; details={\"status\":404}")
                .toString())
        .isEqualTo(
            "{\"summary\":\"IndexNotFoundException[no such index [x]]\",\"details\":{\"status\":404}}");
    assertThat(GrpcCaller.description("java.lang.IllegalArgumentException: x\n\tat y").asText())
        .isEqualTo("java.lang.IllegalArgumentException: x\n\tat y");
  }
}
