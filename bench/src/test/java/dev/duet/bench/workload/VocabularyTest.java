package dev.duet.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VocabularyTest {
  @Test
  void wordsAreDistinctAndLowerCaseLetters() {
    Vocabulary vocabulary = new Vocabulary(500, 1);
    Set<String> words = new HashSet<>();
    for (int rank = 0; rank < vocabulary.size(); rank++) {
      assertThat(vocabulary.word(rank)).matches("[a-z]+");
      words.add(vocabulary.word(rank));
    }
    assertThat(words).hasSize(500);
  }

  @Test
  void samplingFavoursFrequentRanks() {
    Vocabulary vocabulary = new Vocabulary(1000, 1);
    SplittableRandom random = new SplittableRandom(99);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < 100_000; i++) {
      counts.merge(vocabulary.sample(random), 1, Integer::sum);
    }
    int top = counts.getOrDefault(vocabulary.word(0), 0);
    int tenth = counts.getOrDefault(vocabulary.word(9), 0);
    int last = counts.getOrDefault(vocabulary.word(999), 0);
    // Zipf: rank 1 about 10x rank 10 and 1000x rank 1000.
    assertThat(top).isGreaterThan(5 * tenth);
    assertThat(tenth).isGreaterThan(last);
  }

  @Test
  void rejectsEmptyVocabulary() {
    assertThatThrownBy(() -> new Vocabulary(0, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("size: 0 (expected: >= 1)");
  }
}
