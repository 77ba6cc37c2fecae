package dev.duet.engine.internal.search;

import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.TimeValues;
import dev.duet.engine.search.SlowLogLines;
import dev.duet.engine.search.TraceParent;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * OpenSearch's search slow log: a query or fetch phase on an index that took at least one of its
 * {@code index.search.slowlog.threshold.(query|fetch).(warn|info|debug|trace)} thresholds is logged
 * at the highest level reached, to {@code index.search.slowlog.query} or {@code
 * index.search.slowlog.fetch}, with the caller's W3C trace id ({@link TraceParent}) when it sent
 * one.
 */
final class SearchSlowLog {
  private static final Logger QUERY = LoggerFactory.getLogger("index.search.slowlog.query");
  private static final Logger FETCH = LoggerFactory.getLogger("index.search.slowlog.fetch");
  private static final Level[] LEVELS = {Level.WARN, Level.INFO, Level.DEBUG, Level.TRACE};
  // The settings' keys, built once: a search looks them up per phase and index.
  private static final String[] QUERY_KEYS = keys("query");
  private static final String[] FETCH_KEYS = keys("fetch");

  private SearchSlowLog() {}

  /** Logs the phase if {@code index}'s settings make {@code nanos} slow. */
  static void phase(String index, IndexSettings settings, boolean query, long nanos) {
    String[] keys = query ? QUERY_KEYS : FETCH_KEYS;
    for (int i = 0; i < LEVELS.length; i++) {
      String threshold = settings.get(keys[i]);
      if (threshold == null) {
        continue;
      }
      long min = TimeValues.parseNanos(threshold, "index." + keys[i]);
      if (min >= 0 && nanos >= min) {
        write(query ? QUERY : FETCH, LEVELS[i], line(index, nanos));
        return;
      }
    }
  }

  private static String[] keys(String phase) {
    String[] keys = new String[LEVELS.length];
    String[] names = {"warn", "info", "debug", "trace"};
    for (int i = 0; i < keys.length; i++) {
      keys[i] = "search.slowlog.threshold." + phase + "." + names[i];
    }
    return keys;
  }

  private static String line(String index, long nanos) {
    TraceParent trace = TraceParent.current();
    return "["
        + index
        + "][0] took["
        + TimeUnit.NANOSECONDS.toMicros(nanos) / 1000.0
        + "ms], took_millis["
        + TimeUnit.NANOSECONDS.toMillis(nanos)
        + "], search_type[QUERY_THEN_FETCH], total_shards[1], trace_id["
        + (trace == null ? "" : trace.traceId())
        + "], parent_id["
        + (trace == null ? "" : trace.parentId())
        + "]";
  }

  private static void write(Logger logger, Level level, String line) {
    logger.atLevel(level).log(line);
    SlowLogLines.written(logger.getName() + " " + level + " " + line);
  }
}
