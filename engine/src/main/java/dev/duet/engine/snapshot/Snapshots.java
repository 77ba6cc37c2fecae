package dev.duet.engine.snapshot;

import java.util.List;
import java.util.Optional;

/**
 * The node's snapshot repositories and their snapshots: what OpenSearch's {@code _snapshot} API
 * does, on {@code fs} repositories under the node's {@code path.repo}. A snapshot holds each
 * index's Lucene files as of a commit (copied once: a file the repository holds already is reused),
 * with its mapping and settings, so a restore brings the index back as it was. Failures are {@link
 * dev.duet.engine.error.DuetException}s with OpenSearch's types and messages.
 */
public interface Snapshots {

  /**
   * Registers (or replaces) a repository, persistently; with {@code verify}, checks first that the
   * node can write its location.
   */
  void putRepository(Repository repository, boolean verify);

  /**
   * The repositories names select (comma list, wildcards, {@code _all}; all when null or empty);
   * 404 {@code repository_missing_exception} for a plain name none has.
   */
  List<Repository> repositories(String names);

  /** Unregisters the repositories names select; their snapshots stay on disk. */
  void deleteRepository(String names);

  /** Checks that the node can write and read the repository's location. */
  void verifyRepository(String name);

  /** Deletes what no snapshot refers to; the bytes and blobs deleted. */
  long[] cleanupRepository(String name);

  /**
   * Takes a snapshot. With {@code waitForCompletion} it returns once done; otherwise it returns at
   * once (null) and the snapshot runs on, reported {@code IN_PROGRESS} until it ends.
   */
  SnapshotInfo create(
      String repository, String snapshot, CreateSnapshot request, boolean waitForCompletion);

  /**
   * The snapshots names select (comma list, wildcards, {@code _all}, {@code _current} for the
   * running ones), oldest first; 404 {@code snapshot_missing_exception} for a plain name none has,
   * unless {@code ignoreUnavailable}.
   */
  List<SnapshotInfo> snapshots(String repository, String names, boolean ignoreUnavailable);

  /**
   * {@code _status}: of the named snapshots (null repository: the running ones of every repository;
   * null names: the running ones of the repository), limited to {@code indices} when given.
   */
  List<SnapshotStatus> status(
      String repository, String names, List<String> indices, boolean ignoreUnavailable);

  /** Deletes the snapshots names select, and the files no other snapshot refers to. */
  void delete(String repository, String names);

  /** {@code _clone}: a new snapshot of some of an existing one's indices, sharing its files. */
  void cloneSnapshot(String repository, String source, String target, String indices);

  /**
   * Restores indices of a snapshot: each under its (renamed) name, absent or closed (a closed one
   * is replaced), with the documents, mapping and settings it had.
   */
  RestoreResult restore(String repository, String snapshot, RestoreSnapshot request);

  /** How the open index of that name was restored, if it was, since the node started. */
  Optional<IndexRestore> restoreOf(String index);
}
