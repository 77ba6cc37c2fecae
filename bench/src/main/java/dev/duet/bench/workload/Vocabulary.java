package dev.duet.bench.workload;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.SplittableRandom;

/**
 * A deterministic vocabulary of pronounceable pseudo-words whose frequencies follow Zipf's law, so
 * that text fields have realistic posting-list lengths: a few very common terms, a long tail.
 */
public final class Vocabulary {
  private static final String[] ONSETS = {
    "b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "br", "st", "tr"
  };
  private static final String[] NUCLEI = {"a", "e", "i", "o", "u", "ai", "ea", "ou"};
  private static final String[] CODAS = {"", "n", "r", "s", "l", "m", "nd", "st"};

  private final String[] words;
  private final double[] cumulative;

  /** A vocabulary of {@code size} distinct words derived from {@code seed}. */
  public Vocabulary(int size, long seed) {
    if (size < 1) {
      throw new IllegalArgumentException("size: " + size + " (expected: >= 1)");
    }
    SplittableRandom random = new SplittableRandom(seed);
    LinkedHashSet<String> distinct = new LinkedHashSet<>();
    while (distinct.size() < size) {
      StringBuilder word = new StringBuilder();
      int syllables = 1 + random.nextInt(3);
      for (int i = 0; i < syllables; i++) {
        word.append(ONSETS[random.nextInt(ONSETS.length)])
            .append(NUCLEI[random.nextInt(NUCLEI.length)])
            .append(CODAS[random.nextInt(CODAS.length)]);
      }
      distinct.add(word.toString());
    }
    words = distinct.toArray(new String[0]);
    cumulative = new double[size];
    double sum = 0;
    for (int rank = 0; rank < size; rank++) {
      sum += 1.0 / (rank + 1);
      cumulative[rank] = sum;
    }
    for (int rank = 0; rank < size; rank++) {
      cumulative[rank] /= sum;
    }
  }

  /** Number of distinct words. */
  public int size() {
    return words.length;
  }

  /** The word of the given frequency rank (0 is the most frequent). */
  public String word(int rank) {
    return words[rank];
  }

  /** A word drawn with Zipf-distributed frequency. */
  public String sample(SplittableRandom random) {
    double u = random.nextDouble();
    int index = Arrays.binarySearch(cumulative, u);
    int rank = index >= 0 ? index : -index - 1;
    return words[Math.min(rank, words.length - 1)];
  }
}
