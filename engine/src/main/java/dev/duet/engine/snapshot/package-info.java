/**
 * Snapshots and restore, as OpenSearch's {@code _snapshot} API asks for them. Starting points:
 * {@link dev.duet.engine.snapshot.Snapshots} (every operation), {@link
 * dev.duet.engine.snapshot.Repository} (a registered {@code fs} repository), {@link
 * dev.duet.engine.snapshot.SnapshotInfo} and {@link dev.duet.engine.snapshot.SnapshotStatus} (what
 * get and status answer), {@link dev.duet.engine.snapshot.CreateSnapshot} and {@link
 * dev.duet.engine.snapshot.RestoreSnapshot} (what create and restore ask).
 */
package dev.duet.engine.snapshot;
