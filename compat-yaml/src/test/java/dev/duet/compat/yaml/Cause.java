package dev.duet.compat.yaml;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cause of a test's first failing step, read from the runner's message: a category (field
 * type refused, API missing, parameter ignored, …) and a detail (the type, the API, …).
 */
public record Cause(String category, String detail) {

  private static final Pattern API = Pattern.compile("api \\[([^\\]]+)\\] returned \\[(\\d{3})");
  private static final Pattern REASON = Pattern.compile("\"reason\":\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Pattern FIELD_TYPE =
      Pattern.compile(
          "(?:No handler for type|unknown field type|unsupported field type|field type) \\[([^\\]]+)\\]",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern QUERY =
      Pattern.compile(
          "(?:unknown query|no \\[query\\] registered for|unsupported query|query type) \\[([^\\]]+)\\]",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern AGG =
      Pattern.compile(
          "(?:Unknown aggregation type|unknown aggregation|unsupported aggregation|aggregation type) \\[([^\\]]+)\\]",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern SETTING =
      Pattern.compile(
          "(?:unknown setting|unsupported setting|setting|index setting) \\[([^\\]]+)\\]",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern PARAMETER =
      Pattern.compile(
          "(?:unrecognized parameter|unsupported parameter|unknown parameter|contains unrecognized parameter)s?:? \\[([^\\]]+)\\]",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern MAPPING_PARAMETER =
      Pattern.compile(
          "(?:unknown parameter|unsupported parameter|unsupported mapping parameter|mapping parameter) \\[([^\\]]+)\\]",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern FIELD = Pattern.compile("field \\[([^\\]]+)\\]");

  public static Cause of(Result result) {
    String message = result.message();
    if (message.contains("hits.total") && message.contains("{value=")) {
      return new Cause("parameter ignored", "rest_total_hits_as_int");
    }
    Matcher api = API.matcher(message);
    if (api.find()) {
      String name = api.group(1);
      int status = Integer.parseInt(api.group(2));
      String reason = reason(message);
      Matcher m;
      if ((m = FIELD_TYPE.matcher(reason)).find()) {
        return new Cause("field type refused", m.group(1));
      }
      if ((m = QUERY.matcher(reason)).find()) {
        return new Cause("query type refused", m.group(1));
      }
      if ((m = AGG.matcher(reason)).find()) {
        return new Cause("aggregation refused", m.group(1));
      }
      if (name.startsWith("indices.") || name.equals("index") || name.equals("bulk")) {
        if (reason.contains("mapping") && (m = MAPPING_PARAMETER.matcher(reason)).find()) {
          return new Cause("mapping parameter refused", m.group(1));
        }
      }
      if ((m = PARAMETER.matcher(reason)).find()) {
        return new Cause("URL parameter refused", name + " " + m.group(1));
      }
      if (reason.contains("setting") && (m = SETTING.matcher(reason)).find()) {
        return new Cause("setting refused", m.group(1));
      }
      if (status == 404 && isRouteMissing(message, reason)) {
        return new Cause("API missing", name);
      }
      if (status == 405 || status == 501) {
        return new Cause("API missing", name);
      }
      if (message.contains("expected [2xx]") || message.contains("expected [2")) {
        return new Cause(
            "request refused (" + status + ")", name + (reason.isEmpty() ? "" : ": " + cut(reason)));
      }
      return new Cause("other error status", name + " " + status);
    }
    if (message.contains("but no error was thrown") || message.contains("expected error")) {
      return new Cause("error expected, none returned", "");
    }
    Matcher field = FIELD.matcher(message);
    if (message.contains("doesn't match") || message.contains("expected")) {
      return new Cause("response differs", field.find() ? field.group(1) : "");
    }
    return new Cause("other", cut(Report.firstLine(message)));
  }

  private static boolean isRouteMissing(String message, String reason) {
    return reason.contains("no handler found")
        || reason.contains("No handler found")
        || reason.contains("Incorrect HTTP method")
        || reason.contains("unknown endpoint")
        || reason.contains("not supported")
        || !message.contains("\"error\"");
  }

  private static String reason(String message) {
    Matcher m = REASON.matcher(message);
    return m.find() ? m.group(1) : "";
  }

  private static String cut(String s) {
    return s.length() > 80 ? s.substring(0, 80) + "…" : s;
  }
}
