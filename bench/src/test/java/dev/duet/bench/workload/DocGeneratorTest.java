package dev.duet.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DocGeneratorTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void sameSeedAndNumberGiveTheSameBytes() {
    assertThat(new DocGenerator(7).doc(123).source())
        .isEqualTo(new DocGenerator(7).doc(123).source());
    assertThat(new DocGenerator(7).queryText(5)).isEqualTo(new DocGenerator(7).queryText(5));
  }

  @Test
  void documentsDifferByNumberAndBySeed() {
    DocGenerator generator = new DocGenerator(7);
    assertThat(generator.doc(1).source()).isNotEqualTo(generator.doc(2).source());
    assertThat(new DocGenerator(8).doc(1).source()).isNotEqualTo(generator.doc(1).source());
  }

  @Test
  void documentsHaveEveryMappedFieldWithItsType() throws IOException {
    JsonNode mapping = JSON.readTree(DocGenerator.MAPPING_JSON).get("properties");
    JsonNode doc = JSON.readTree(new DocGenerator(1).doc(0).source());

    List<String> fields = new ArrayList<>();
    doc.fieldNames().forEachRemaining(fields::add);
    List<String> mapped = new ArrayList<>();
    mapping.fieldNames().forEachRemaining(mapped::add);
    assertThat(fields).containsExactlyInAnyOrderElementsOf(mapped);
    assertThat(doc.get("title").isTextual()).isTrue();
    assertThat(doc.get("body").asText().split(" ")).hasSizeBetween(20, 40);
    assertThat(doc.get("tags").isArray()).isTrue();
    assertThat(doc.get("price").isDouble()).isTrue();
    assertThat(doc.get("stock").isInt()).isTrue();
    assertThat(doc.get("created").asText()).matches("2025-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    assertThat(doc.get("active").isBoolean()).isTrue();
  }

  @Test
  void documentsAreSmall() {
    DocGenerator generator = new DocGenerator(3);
    for (int n = 0; n < 100; n++) {
      assertThat(generator.doc(n).source().length).isBetween(150, 600);
    }
  }

  @Test
  void queryTextIsTwoVocabularyWordsThatDocumentsUse() throws IOException {
    DocGenerator generator = new DocGenerator(11);
    Set<String> bodyWords = new HashSet<>();
    for (int n = 0; n < 2000; n++) {
      bodyWords.addAll(
          List.of(JSON.readTree(generator.doc(n).source()).get("body").asText().split(" ")));
    }
    for (int n = 0; n < 20; n++) {
      String[] words = generator.queryText(n).split(" ");
      assertThat(words).hasSize(2);
      assertThat(bodyWords).contains(words);
    }
  }
}
