package dev.duet.engine.error;

import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A search refused as a whole before any shard ran (a malformed scroll or point-in-time id, a
 * keep-alive that does not parse): OpenSearch reports it as it is, never as a shard failure.
 */
public class RequestRefused extends DuetException {
  private static final long serialVersionUID = 1L;

  /** An {@code illegal_argument_exception}. */
  public RequestRefused(String reason) {
    this("illegal_argument_exception", reason);
  }

  public RequestRefused(String type, String reason) {
    super(400, type, reason, Map.of(), null);
  }

  /** The value, or what refused it as a {@link RequestRefused}. */
  public static long refusing(LongSupplier value) {
    try {
      return value.getAsLong();
    } catch (RequestRefused e) {
      throw e;
    } catch (DuetException e) {
      throw new RequestRefused(e.type(), e.reason());
    }
  }
}
