package dev.duet.bench.load;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** The input shapes {@code duet load} reads, and how it tells them apart. */
enum InputFormat {
  /** OpenSearch's {@code _bulk} body: an action line, then the source line for index/create. */
  BULK,
  /** One JSON document per line (NDJSON, JSON Lines). */
  NDJSON,
  /** One JSON array of documents. */
  JSON,
  /** CSV whose first row names the fields. */
  CSV;

  /**
   * The format of a file: {@code .csv} is CSV; otherwise the first non-blank character and line
   * decide: {@code [} a JSON array, an action line ({@code {"index":{…}}}, {@code create}, {@code
   * delete}, {@code update}) bulk, anything else one document per line.
   */
  static InputFormat detect(String name, BufferedInputStream in) throws IOException {
    if (name.toLowerCase(Locale.ROOT).endsWith(".csv")) {
      return CSV;
    }
    in.mark(64 * 1024);
    byte[] head = in.readNBytes(64 * 1024);
    in.reset();
    String text = new String(head, StandardCharsets.UTF_8).stripLeading();
    if (text.startsWith("[")) {
      return JSON;
    }
    int eol = text.indexOf('\n');
    String first = (eol < 0 ? text : text.substring(0, eol)).strip();
    return first.matches("\\{\\s*\"(index|create|delete|update)\"\\s*:\\s*\\{.*") ? BULK : NDJSON;
  }
}
