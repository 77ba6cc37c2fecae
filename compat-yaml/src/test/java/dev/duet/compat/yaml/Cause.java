package dev.duet.compat.yaml;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cause of a test's first failing step, read from the runner's message: a category (field
 * type refused, API missing, parameter ignored, …) and a detail (the type, the API, …).
 */
public record Cause(String category, String detail) {

  private static final Pattern STATUS =
      Pattern.compile(
          "expected \\[([^\\]]+)\\] status code but api \\[([^\\]]+)\\] returned \\[(\\d{3})[^\\]]*\\]");
  private static final Pattern REASON = Pattern.compile("\"reason\":\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Pattern TYPE = Pattern.compile("\"type\":\"([^\"]+)\"");
  private static final Pattern RUNNER_CALL =
      Pattern.compile("ResponseException: method \\[(\\w+)\\], host \\[[^\\]]*\\], URI \\[([^\\]?]+)");
  private static final Pattern FIELD = Pattern.compile("field \\[([^\\]]+)\\]");
  private static final Pattern MATCH = Pattern.compile("(?:\\]: |^)(\\S+) didn't match expected value");

  /** Patterns on the error's reason: category, pattern whose group 1 is the detail. */
  private record Rule(String category, Pattern pattern) {}

  private static final List<Rule> RULES =
      List.of(
          rule("field type refused", "No handler for type \\[([^\\]]+)\\]"),
          rule("field type refused", "(?:unknown|unsupported) field type \\[([^\\]]+)\\]"),
          rule("query type refused", "unknown query \\[([^\\]]+)\\]"),
          rule("query type refused", "no \\[query\\] registered for \\[([^\\]]+)\\]"),
          rule("query type refused", "\\[([^\\]]+)\\] query (?:is )?not supported"),
          rule("aggregation refused", "[Uu]nknown aggregation type \\[([^\\]]+)\\]"),
          rule("aggregation refused", "unknown aggregation \\[([^\\]]+)\\]"),
          rule("aggregation refused", "aggregation \\[([^\\]]+)\\] is not supported"),
          rule("mapping parameter refused", "unknown parameter \\[([^\\]]+)\\] on mapper"),
          rule("mapping parameter refused", "[Mm]apping definition for \\[[^\\]]+\\] has unsupported parameters:\\s*\\[([^ :\\]]+)"),
          rule("mapping parameter refused", "unsupported mapping parameter \\[([^\\]]+)\\]"),
          rule("mapping parameter refused", "Root mapping definition has unsupported parameters:\\s*\\[([^ :\\]]+)"),
          rule("cluster setting refused", "(?:persistent|transient) setting \\[([^\\]]+)\\], not recognized"),
          rule("index setting refused", "unknown setting \\[([^\\]]+)\\]"),
          rule("index setting refused", "unsupported (?:index )?setting \\[([^\\]]+)\\]"),
          rule("URL parameter refused", "unrecognized parameters?: \\[([^\\]]+)\\]"),
          rule("URL parameter refused", "unsupported parameters?:? \\[([^\\]]+)\\]"),
          rule("body key refused", "[Uu]nknown key for a [A-Z_]+ in \\[([^\\]]+)\\]"),
          rule("body key refused", "unknown field \\[([^\\]]+)\\]"),
          rule("body key refused", "\\[[^\\]]+\\] failed to parse field \\[([^\\]]+)\\]"));

  private static Rule rule(String category, String regex) {
    return new Rule(category, Pattern.compile(regex));
  }

  public static Cause of(Result result) {
    String message = result.message();
    if (message.contains("hits.total") && message.contains("{value=")) {
      return new Cause("parameter ignored", "rest_total_hits_as_int");
    }
    Matcher runner = RUNNER_CALL.matcher(message);
    if (runner.find() && message.contains("no handler found for uri")) {
      // the runner's own call, e.g. the node sniffing of node_selector (GET /_nodes/http)
      return new Cause("API missing", runner.group(1) + " " + runner.group(2) + " (runner)");
    }
    Matcher status = STATUS.matcher(message);
    if (status.find()) {
      String expected = status.group(1);
      String api = status.group(2);
      int code = Integer.parseInt(status.group(3));
      String body = message.substring(status.end());
      if (code < 300) {
        return new Cause("error expected, request accepted", api);
      }
      String reason = first(REASON, body);
      if (body.contains("no handler found for uri")
          || body.contains("Incorrect HTTP method")
          || reason.startsWith("no such index [_")) { // an API's path taken for an index name
        return new Cause("API missing", api);
      }
      for (Rule rule : RULES) {
        Matcher m = rule.pattern().matcher(reason);
        if (m.find()) {
          return new Cause(rule.category(), m.group(1));
        }
      }
      if (!expected.equals("2xx")) {
        return new Cause("different error", api + " " + expected + "→" + code);
      }
      String type = first(TYPE, body);
      return new Cause(
          "request refused",
          api + " " + code + (type.isEmpty() ? "" : " " + type) + (reason.isEmpty() ? "" : ": " + cut(reason)));
    }
    if (message.contains("warning header")) {
      return new Cause("warning headers differ", "");
    }
    if (message.contains("the error message was expected to match")) {
      return new Cause("different error", "message");
    }
    if (message.contains("value is of unsupported type [null]")
        || message.contains("element was a list with 0 elements")
        || message.contains("stashed value not found")
        || message.contains("(got [null])")) {
      return new Cause("response field missing", "");
    }
    Matcher field = FIELD.matcher(message);
    if (field.find()) {
      String path = field.group(1);
      if (path.contains("#")) {
        return new Cause("parameter ignored", "typed_keys");
      }
      boolean missing = message.contains("but: was null") || message.contains("actual [null]");
      return new Cause(missing ? "response field missing" : "response differs", shorten(path));
    }
    Matcher match = MATCH.matcher(message);
    if (match.find()) {
      return new Cause("response differs", shorten(match.group(1)));
    }
    return new Cause("other", cut(Report.firstLine(message)));
  }

  /** A response path cut to its first two steps, stash keys and array indices dropped. */
  private static String shorten(String path) {
    String[] steps = path.split("\\.");
    StringBuilder out = new StringBuilder();
    int kept = 0;
    for (String step : steps) {
      if (kept == 2) {
        break;
      }
      if (step.matches("\\d+")) {
        continue;
      }
      if (out.length() > 0) {
        out.append('.');
      }
      out.append(step.startsWith("$") ? "$…" : step);
      kept++;
    }
    return out.toString();
  }

  private static String first(Pattern pattern, String text) {
    Matcher m = pattern.matcher(text);
    return m.find() ? m.group(1) : "";
  }

  private static String cut(String s) {
    return s.length() > 80 ? s.substring(0, 80) + "…" : s;
  }
}
