package dev.duet.gateway.peek;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class IndexPatternsTest {
  @Test
  void aPatternGrantsNamesAndNarrowerPatterns() {
    assertThat(IndexPatterns.covers("a-*", "a-logs")).isTrue();
    assertThat(IndexPatterns.covers("a-*", "a-l*")).isTrue();
    assertThat(IndexPatterns.covers("a-*", "a-*")).isTrue();
    assertThat(IndexPatterns.covers("*", "anything*")).isTrue();
    assertThat(IndexPatterns.covers("a-*-x", "a-1-x")).isTrue();
  }

  @Test
  void aRequestedWildcardIsNeverMatchedByALiteral() {
    assertThat(IndexPatterns.covers("a-*", "*")).isFalse();
    assertThat(IndexPatterns.covers("a-*", "a*")).isFalse();
    assertThat(IndexPatterns.covers("a-1", "a-*")).isFalse();
    assertThat(IndexPatterns.covers("a-*", "b-1")).isFalse();
    assertThat(IndexPatterns.covers("a-*", "-a-1")).isFalse();
    assertThat(IndexPatterns.covers("a-*", "<a-{now/d}>")).isFalse();
  }

  @Test
  void emptyAndAllMeanEveryIndex() {
    assertThat(IndexPatterns.split("")).containsExactly("*");
    assertThat(IndexPatterns.split("_all")).containsExactly("*");
    assertThat(IndexPatterns.split("a-1,b-2")).containsExactly("a-1", "b-2");
    assertThat(IndexPatterns.anyCovers(List.of("a-*"), "_all")).isFalse();
    assertThat(IndexPatterns.anyCovers(List.of("*"), "_all")).isTrue();
  }
}
