package dev.duet.server.action;

import dev.duet.engine.breaker.BreakerLimits;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.TimeValues;
import dev.duet.engine.search.NodeLimits;
import dev.duet.engine.search.SessionLimits;
import java.util.Map;

/**
 * The node settings {@code PUT _cluster/settings} may change live, with OpenSearch's names, bounds
 * and messages; each reads its value out of the engine's {@link NodeLimits} and writes one into
 * them.
 */
enum DynamicSetting {
  MAX_BUCKETS("search.max_buckets", 0) {
    @Override
    String valueOf(NodeLimits l) {
      return Integer.toString(l.maxBuckets());
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      return new NodeLimits(
          parseInt(value),
          l.maxClauseCount(),
          l.sessions(),
          l.breakers(),
          l.allowExpensiveQueries());
    }
  },
  MAX_CLAUSE_COUNT("indices.query.bool.max_clause_count", 1) {
    @Override
    String valueOf(NodeLimits l) {
      return Integer.toString(l.maxClauseCount());
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      return new NodeLimits(
          l.maxBuckets(), parseInt(value), l.sessions(), l.breakers(), l.allowExpensiveQueries());
    }
  },
  MAX_OPEN_SCROLL_CONTEXT("search.max_open_scroll_context", 0) {
    @Override
    String valueOf(NodeLimits l) {
      return Integer.toString(l.sessions().maxOpenScrolls());
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      return sessions(l, l.sessions().withMaxOpenScrolls(parseInt(value)));
    }
  },
  MAX_OPEN_PIT_CONTEXT("search.max_open_pit_context", 0) {
    @Override
    String valueOf(NodeLimits l) {
      return Integer.toString(l.sessions().maxOpenPits());
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      return sessions(l, l.sessions().withMaxOpenPits(parseInt(value)));
    }
  },
  MAX_KEEP_ALIVE("search.max_keep_alive", 0) {
    @Override
    String valueOf(NodeLimits l) {
      return timeText(l.sessions().maxKeepAliveMillis());
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      return sessions(l, l.sessions().withMaxKeepAliveMillis(parseMillis(value)));
    }
  },
  PIT_MAX_KEEP_ALIVE("point_in_time.max_keep_alive", 0) {
    @Override
    String valueOf(NodeLimits l) {
      return timeText(l.sessions().pitMaxKeepAliveMillis());
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      return sessions(l, l.sessions().withPitMaxKeepAliveMillis(parseMillis(value)));
    }
  },
  REQUEST_BREAKER_LIMIT(BreakerLimits.REQUEST_SETTING, 0) {
    @Override
    String valueOf(NodeLimits l) {
      return l.breakers().request();
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      return l.withBreakers(l.breakers().withRequest(value));
    }
  },
  IN_FLIGHT_BREAKER_LIMIT(BreakerLimits.IN_FLIGHT_SETTING, 0) {
    @Override
    String valueOf(NodeLimits l) {
      return l.breakers().inFlightRequests();
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      return l.withBreakers(l.breakers().withInFlightRequests(value));
    }
  },
  ALLOW_EXPENSIVE_QUERIES("search.allow_expensive_queries", 0) {
    @Override
    String valueOf(NodeLimits l) {
      return Boolean.toString(l.allowExpensiveQueries());
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      if (!value.equals("true") && !value.equals("false")) {
        throw DuetException.illegalArgument(
            "Failed to parse value [" + value + "] as only [true] or [false] are allowed.");
      }
      return l.withAllowExpensiveQueries(Boolean.parseBoolean(value));
    }
  },
  TOTAL_BREAKER_LIMIT(BreakerLimits.TOTAL_SETTING, 0) {
    @Override
    String valueOf(NodeLimits l) {
      return l.breakers().total();
    }

    @Override
    NodeLimits with(NodeLimits l, String value) {
      return l.withBreakers(l.breakers().withTotal(value));
    }
  };

  private final String key;
  private final int min;

  DynamicSetting(String key, int min) {
    this.key = key;
    this.min = min;
  }

  String key() {
    return key;
  }

  /** The value in force, as OpenSearch writes it ({@code "65535"}, {@code "24h"}). */
  abstract String valueOf(NodeLimits limits);

  /** {@code limits} with this setting at {@code value}; OpenSearch's 400 for a bad value. */
  abstract NodeLimits with(NodeLimits limits, String value);

  static DynamicSetting of(String key) {
    for (DynamicSetting s : values()) {
      if (s.key.equals(key)) {
        return s;
      }
    }
    return null;
  }

  int parseInt(String value) {
    int v;
    try {
      v = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      DuetException cause =
          new DuetException(400, "number_format_exception", "For input string: \"" + value + "\"");
      throw new DuetException(
          400,
          "illegal_argument_exception",
          "Failed to parse value [" + value + "] for setting [" + key + "]",
          Map.of(),
          cause);
    }
    if (v < min) {
      throw DuetException.illegalArgument(
          "Failed to parse value [" + value + "] for setting [" + key + "] must be >= " + min);
    }
    return v;
  }

  long parseMillis(String value) {
    long nanos = TimeValues.parseNanos(value, key);
    if (nanos < 0) {
      throw DuetException.illegalArgument(
          "failed to parse value [" + value + "] for setting [" + key + "], must be >= [0ms]");
    }
    return nanos / 1_000_000;
  }

  private static NodeLimits sessions(NodeLimits l, SessionLimits s) {
    return new NodeLimits(
        l.maxBuckets(), l.maxClauseCount(), s, l.breakers(), l.allowExpensiveQueries());
  }

  /** A duration in its largest whole unit, as OpenSearch prints its defaults ({@code 24h}). */
  static String timeText(long millis) {
    if (millis != 0 && millis % 3_600_000 == 0) {
      return millis / 3_600_000 + "h";
    }
    if (millis != 0 && millis % 60_000 == 0) {
      return millis / 60_000 + "m";
    }
    if (millis != 0 && millis % 1000 == 0) {
      return millis / 1000 + "s";
    }
    return millis + "ms";
  }
}
