package dev.duet.engine.breaker;

import dev.duet.engine.error.DuetException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request refused because the memory it would hold passes a circuit breaker's limit: OpenSearch's
 * 429 {@code circuit_breaking_exception}, which a client may retry later.
 */
public final class CircuitBreakingException extends DuetException {
  private static final long serialVersionUID = 1L;

  private final long bytesWanted;
  private final long bytesLimit;

  CircuitBreakingException(String reason, long bytesWanted, long bytesLimit) {
    super(429, "circuit_breaking_exception", reason, metadata(bytesWanted, bytesLimit), null);
    this.bytesWanted = bytesWanted;
    this.bytesLimit = bytesLimit;
  }

  public long bytesWanted() {
    return bytesWanted;
  }

  public long bytesLimit() {
    return bytesLimit;
  }

  private static Map<String, String> metadata(long wanted, long limit) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("bytes_wanted", Long.toString(wanted));
    meta.put("bytes_limit", Long.toString(limit));
    meta.put("durability", "TRANSIENT");
    return meta;
  }
}
