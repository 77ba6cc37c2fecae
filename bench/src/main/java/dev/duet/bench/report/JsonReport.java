package dev.duet.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/** Writes a {@link BenchReport} as JSON, for tools and for comparing runs. */
public final class JsonReport {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  public static String toJson(BenchReport report) {
    try {
      return MAPPER.writeValueAsString(report);
    } catch (IOException e) {
      throw new IllegalStateException("cannot serialize report", e);
    }
  }

  public static BenchReport read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), BenchReport.class);
  }
}
