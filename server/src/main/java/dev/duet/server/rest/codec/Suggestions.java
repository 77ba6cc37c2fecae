package dev.duet.server.rest.codec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * OpenSearch's "did you mean" for a misspelt name: the candidates whose Levenshtein similarity
 * ({@code 1 - edits / longer length}, as Lucene's {@code LevenshteinDistance} computes it) is above
 * 0.5, most similar first, ties by name.
 */
public final class Suggestions {
  private Suggestions() {}

  public static List<String> closest(String name, Collection<String> candidates) {
    record Scored(float similarity, String candidate) {}
    List<Scored> scored = new ArrayList<>();
    for (String candidate : candidates) {
      float similarity = similarity(name, candidate);
      if (similarity > 0.5f) {
        scored.add(new Scored(similarity, candidate));
      }
    }
    scored.sort(
        (a, b) -> {
          int c = Float.compare(b.similarity, a.similarity);
          return c != 0 ? c : a.candidate.compareTo(b.candidate);
        });
    List<String> names = new ArrayList<>(scored.size());
    for (Scored s : scored) {
      names.add(s.candidate);
    }
    return names;
  }

  public static float similarity(String a, String b) {
    int n = a.length();
    int m = b.length();
    if (n == 0 || m == 0) {
      return n == m ? 1f : 0f;
    }
    int[] previous = new int[n + 1];
    int[] current = new int[n + 1];
    for (int i = 0; i <= n; i++) {
      previous[i] = i;
    }
    for (int j = 1; j <= m; j++) {
      current[0] = j;
      char c = b.charAt(j - 1);
      for (int i = 1; i <= n; i++) {
        int cost = a.charAt(i - 1) == c ? 0 : 1;
        current[i] =
            Math.min(Math.min(current[i - 1] + 1, previous[i] + 1), previous[i - 1] + cost);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return 1f - (float) previous[n] / Math.max(n, m);
  }
}
