/**
 * One Lucene index: the single write path with versions and conflicts, the translog replay at open,
 * refreshes, searcher leasing, realtime gets by id. Starting points: {@link
 * dev.duet.engine.internal.shard.LuceneIndex} (the composition), {@code WritePath}, {@code
 * TranslogRecovery}, {@code IndexReaders}, {@code RefreshSchedule}, {@code LiveMetadata}, {@code
 * VersionRules}, {@code LiveVersionMap}, {@code DocLookup}, {@code DocumentUpdater}.
 */
package dev.duet.engine.internal.shard;
