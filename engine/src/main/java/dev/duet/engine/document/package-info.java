/**
 * Writes and reads of documents, the one model both transports decode into. Starting points: {@link
 * dev.duet.engine.document.BulkRequest} (index, create, update and delete items, each with its
 * {@link dev.duet.engine.document.VersionCheck}) in, {@link dev.duet.engine.document.BulkResponse}
 * out; {@link dev.duet.engine.document.UpdateRequest} for partial updates and upserts; {@link
 * dev.duet.engine.document.GetResult} and {@link dev.duet.engine.document.MultiGetRequest} for
 * gets; {@link dev.duet.engine.document.ByQueryRequest} for delete- and update-by-query.
 */
package dev.duet.engine.document;
