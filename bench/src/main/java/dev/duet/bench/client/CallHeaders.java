package dev.duet.bench.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Headers every bench request carries, REST header or gRPC metadata alike: credentials for a
 * gateway in front of the node ({@code Authorization: ApiKey ...}) or anything else a proxy needs.
 * Names are lower-case, as gRPC metadata requires.
 */
public record CallHeaders(Map<String, String> values) {
  public static final CallHeaders NONE = new CallHeaders(Map.of());

  public CallHeaders {
    values = Map.copyOf(values);
  }

  /**
   * From the command line: {@code apiKey} (may be null) as {@code Authorization: ApiKey <key>}, and
   * each {@code "Name: value"} of {@code headers}.
   */
  public static CallHeaders of(String apiKey, List<String> headers) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String header : headers) {
      int colon = header.indexOf(':');
      if (colon <= 0) {
        throw new IllegalArgumentException("header: " + header + " (expected: Name: value)");
      }
      values.put(
          header.substring(0, colon).strip().toLowerCase(Locale.ROOT),
          header.substring(colon + 1).strip());
    }
    if (apiKey != null) {
      values.put("authorization", "ApiKey " + apiKey);
    }
    return new CallHeaders(values);
  }
}
