/**
 * Per-tenant rate limits: {@link dev.duet.gateway.limit.RateLimiters} (Bucket4j token buckets on
 * requests and bytes, and a concurrency cap), kept across config reloads.
 */
package dev.duet.gateway.limit;
