package dev.duet.engine.internal.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.OpType;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.document.VersionType;
import dev.duet.engine.error.DuetException;
import org.junit.jupiter.api.Test;

public class VersionRulesTest {
  private final VersionRules rules = new VersionRules("books", "uuid-1");
  private final LiveVersionMap.Entry live = new LiveVersionMap.Entry(3, 7, 1, new byte[] {1}, 0);
  private final LiveVersionMap.Entry tombstone = new LiveVersionMap.Entry(5, 8, 1, null, 0);

  @Test
  void internalVersionsCountUpFromTheLiveEntryOrTheTombstone() {
    assertThat(rules.nextVersion(OpType.INDEX, VersionCheck.NONE, "1", null)).isEqualTo(1);
    assertThat(rules.nextVersion(OpType.INDEX, VersionCheck.NONE, "1", live)).isEqualTo(4);
    assertThat(rules.nextVersion(OpType.INDEX, VersionCheck.NONE, "1", tombstone)).isEqualTo(6);
    assertThat(rules.nextVersion(OpType.DELETE, VersionCheck.NONE, "1", null)).isEqualTo(1);
  }

  @Test
  void compareAndSetNeedsTheCurrentSeqNoAndTerm() {
    assertThat(rules.nextVersion(OpType.INDEX, VersionCheck.ifSeqNo(7, 1), "1", live)).isEqualTo(4);
    assertThatThrownBy(() -> rules.nextVersion(OpType.INDEX, VersionCheck.ifSeqNo(6, 1), "1", live))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(409);
              assertThat(e.type()).isEqualTo("version_conflict_engine_exception");
              assertThat(e.reason())
                  .isEqualTo(
                      "[1]: version conflict, required seqNo [6], primary term [1]. current"
                          + " document has seqNo [7] and primary term [1]");
              assertThat(e.metadata())
                  .containsEntry("index", "books")
                  .containsEntry("shard", "0")
                  .containsEntry("index_uuid", "uuid-1");
            });
    assertThatThrownBy(() -> rules.nextVersion(OpType.INDEX, VersionCheck.ifSeqNo(7, 2), "1", live))
        .hasMessageContaining("required seqNo [7], primary term [2]");
  }

  @Test
  void compareAndSetOnAMissingOrDeletedDocumentFindsNoDocument() {
    for (LiveVersionMap.Entry absent : new LiveVersionMap.Entry[] {null, tombstone}) {
      assertThatThrownBy(
              () -> rules.nextVersion(OpType.DELETE, VersionCheck.ifSeqNo(8, 1), "9", absent))
          .hasMessage(
              "[9]: version conflict, required seqNo [8], primary term [1]. but no document was"
                  + " found");
    }
  }

  @Test
  void createConflictsOnlyWithALiveDocument() {
    assertThat(rules.nextVersion(OpType.CREATE, VersionCheck.NONE, "1", tombstone)).isEqualTo(6);
    assertThatThrownBy(() -> rules.nextVersion(OpType.CREATE, VersionCheck.NONE, "1", live))
        .hasMessage("[1]: version conflict, document already exists (current version [3])");
  }

  @Test
  void externalVersionsMustGrowAndAreStoredAsGiven() {
    VersionCheck ten = new VersionCheck(-2, 0, 10, VersionType.EXTERNAL);
    assertThat(rules.nextVersion(OpType.INDEX, ten, "1", null)).isEqualTo(10);
    assertThat(rules.nextVersion(OpType.INDEX, ten, "1", live)).isEqualTo(10);
    VersionCheck three = new VersionCheck(-2, 0, 3, VersionType.EXTERNAL);
    assertThatThrownBy(() -> rules.nextVersion(OpType.INDEX, three, "1", live))
        .hasMessage(
            "[1]: version conflict, current version [3] is higher or equal to the one provided"
                + " [3]");
    // A tombstone still holds its version: a delete cannot be overtaken by an older write.
    VersionCheck five = new VersionCheck(-2, 0, 5, VersionType.EXTERNAL);
    assertThatThrownBy(() -> rules.nextVersion(OpType.INDEX, five, "1", tombstone))
        .hasMessageContaining("current version [5] is higher or equal to the one provided [5]");
  }

  @Test
  void externalGteAcceptsTheSameVersion() {
    VersionCheck three = new VersionCheck(-2, 0, 3, VersionType.EXTERNAL_GTE);
    assertThat(rules.nextVersion(OpType.INDEX, three, "1", live)).isEqualTo(3);
    VersionCheck two = new VersionCheck(-2, 0, 2, VersionType.EXTERNAL_GTE);
    assertThatThrownBy(() -> rules.nextVersion(OpType.INDEX, two, "1", live))
        .hasMessage(
            "[1]: version conflict, current version [3] is higher than the one provided [2]");
  }
}
