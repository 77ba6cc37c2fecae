package dev.duet.engine.internal.ingest;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import org.apache.lucene.analysis.charfilter.HTMLStripCharFilter;

/** {@code html_strip}: HTML tags removed by Lucene's {@code HTMLStripCharFilter}, as OpenSearch. */
public final class HtmlStripProcessor extends StringFieldProcessor {
  private HtmlStripProcessor(ProcessorConfig config) {
    super(config);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new HtmlStripProcessor(config);
  }

  @Override
  Object process(String value) {
    StringBuilder out = new StringBuilder(value.length());
    try (HTMLStripCharFilter filter = new HTMLStripCharFilter(new StringReader(value))) {
      char[] buffer = new char[1024];
      int n;
      while ((n = filter.read(buffer)) != -1) {
        out.append(buffer, 0, n);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }
}
