/**
 * The write-ahead log of one index: every acknowledged write is appended here (and fsynced, with
 * {@code request} durability) before the client hears back, and replayed after a crash. Starting
 * points: {@link dev.duet.engine.internal.translog.Translog} (generations, group-commit sync,
 * recovery), {@link dev.duet.engine.internal.translog.TranslogOperation} (the record format).
 */
package dev.duet.engine.internal.translog;
