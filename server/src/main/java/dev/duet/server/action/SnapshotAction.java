package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.snapshot.CreateSnapshot;
import dev.duet.engine.snapshot.IndexRestore;
import dev.duet.engine.snapshot.Repository;
import dev.duet.engine.snapshot.RestoreResult;
import dev.duet.engine.snapshot.RestoreSnapshot;
import dev.duet.engine.snapshot.SnapshotInfo;
import dev.duet.engine.snapshot.SnapshotStatus;
import dev.duet.engine.snapshot.Snapshots;
import java.util.List;
import java.util.Optional;

/**
 * {@code _snapshot}: repositories, snapshots and restores. Shared by every transport; each
 * operation is one call of the engine's {@link Snapshots}.
 */
public final class SnapshotAction {
  private final Engine engine;

  public SnapshotAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  private Snapshots snapshots() {
    return engine.snapshots();
  }

  public void putRepository(Repository repository, boolean verify) {
    snapshots().putRepository(repository, verify);
  }

  public List<Repository> repositories(String names) {
    return snapshots().repositories(names);
  }

  public void deleteRepository(String names) {
    snapshots().deleteRepository(names);
  }

  public void verifyRepository(String name) {
    snapshots().verifyRepository(name);
  }

  /** Bytes and blobs deleted. */
  public long[] cleanupRepository(String name) {
    return snapshots().cleanupRepository(name);
  }

  /** The finished snapshot; null when not waited for. */
  public SnapshotInfo create(
      String repository, String snapshot, CreateSnapshot request, boolean waitForCompletion) {
    return snapshots().create(repository, snapshot, request, waitForCompletion);
  }

  public List<SnapshotInfo> get(String repository, String names, boolean ignoreUnavailable) {
    return snapshots().snapshots(repository, names, ignoreUnavailable);
  }

  public List<SnapshotStatus> status(
      String repository, String names, List<String> indices, boolean ignoreUnavailable) {
    return snapshots().status(repository, names, indices, ignoreUnavailable);
  }

  public void delete(String repository, String names) {
    snapshots().delete(repository, names);
  }

  public void cloneSnapshot(String repository, String source, String target, String indices) {
    snapshots().cloneSnapshot(repository, source, target, indices);
  }

  public RestoreResult restore(String repository, String snapshot, RestoreSnapshot request) {
    return snapshots().restore(repository, snapshot, request);
  }

  /** How the open index of that name was restored, if it was. */
  public Optional<IndexRestore> restoreOf(String index) {
    return snapshots().restoreOf(index);
  }
}
