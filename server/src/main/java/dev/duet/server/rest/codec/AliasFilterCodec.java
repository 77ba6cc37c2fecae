package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.Query;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Decodes alias filters for the engine with the same {@link QueryDecoder} that search bodies go
 * through, so a filter means what the same query means in {@code _search}.
 */
public final class AliasFilterCodec implements AliasFilterDecoder {
  public static final AliasFilterCodec INSTANCE = new AliasFilterCodec();

  private AliasFilterCodec() {}

  @Override
  public Query decode(Map<String, Object> filter) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (JsonGenerator g = Json.FACTORY.createGenerator(bytes)) {
        Json.writeValue(g, filter);
      }
      byte[] json = bytes.toByteArray();
      try (JsonParser p = Json.parser(json, 0, json.length)) {
        return QueryDecoder.parse(p);
      } catch (StreamReadException e) {
        throw Json.parseError(e);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
