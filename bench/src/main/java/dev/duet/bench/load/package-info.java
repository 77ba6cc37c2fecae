/**
 * {@code duet load}: bulk-loads documents from a file (OpenSearch bulk NDJSON, one JSON document
 * per line, a JSON array, or CSV with a header) into an index over gRPC ({@code
 * DocumentService/Bulk}, vectors packed) or REST ({@code _bulk}), with a bounded number of requests
 * in flight, retries of 429s, a progress bar and a final report.
 */
package dev.duet.bench.load;
