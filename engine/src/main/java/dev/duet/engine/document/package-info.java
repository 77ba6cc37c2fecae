/**
 * Writes and reads of single documents: {@link dev.duet.engine.document.BulkRequest} in, {@link
 * dev.duet.engine.document.BulkResponse} out, and {@link dev.duet.engine.document.GetResult} for
 * realtime gets.
 */
package dev.duet.engine.document;
