/**
 * Snapshots on {@code fs} repositories. Starting points: {@code NodeSnapshots} (the engine's {@link
 * dev.duet.engine.snapshot.Snapshots}: names, running snapshots, one lock per repository folder),
 * {@code RepositoryRegistry} (the registered repositories, {@code <data>/repositories.json}, and
 * {@code path.repo}), {@code FsRepository} (a repository folder: file blobs under {@code indices/},
 * one manifest per snapshot under {@code snapshots/}, each written whole or not at all), {@code
 * IndexCopier} (a held Lucene commit copied into blobs, a file the repository holds already reused)
 * and {@code IndexRestorer} (blobs back into a new index folder).
 */
package dev.duet.engine.internal.snapshot;
