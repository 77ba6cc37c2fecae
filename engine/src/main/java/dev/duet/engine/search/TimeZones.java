package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.zone.ZoneRulesException;
import java.util.Map;

/**
 * A request's {@code time_zone} ({@code +01:00}, {@code Europe/Paris}, {@code UTC}) as a {@link
 * ZoneId}; one that Java does not know is OpenSearch's 400, naming the JDK's reason.
 */
public final class TimeZones {
  private TimeZones() {}

  /** The zone of {@code id}; null for null. */
  public static ZoneId of(String id) {
    if (id == null) {
      return null;
    }
    try {
      return ZoneId.of(id);
    } catch (ZoneRulesException e) {
      throw invalid(e, "zone_rules_exception", ZoneRulesException.class.getName());
    } catch (DateTimeException e) {
      throw invalid(e, "date_time_exception", DateTimeException.class.getName());
    }
  }

  private static DuetException invalid(DateTimeException e, String type, String javaClass) {
    return new DuetException(
        400,
        "illegal_argument_exception",
        javaClass + ": " + e.getMessage(),
        Map.of(),
        new DuetException(400, type, e.getMessage()));
  }
}
