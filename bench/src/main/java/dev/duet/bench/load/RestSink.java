package dev.duet.bench.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/** {@code POST /{index}/_bulk} over the JDK's HTTP client; the response is read streaming. */
final class RestSink implements BulkSink {
  private static final JsonFactory JSON = new JsonFactory();

  private final HttpClient http =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final String baseUrl;

  RestSink(String baseUrl) {
    this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
  }

  @Override
  public String protocol() {
    return "REST";
  }

  @Override
  public List<ItemResult> send(String index, List<LoadItem> items) {
    HttpResponse<InputStream> response;
    try {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(baseUrl + "/" + index + "/_bulk"))
              .header("Content-Type", "application/x-ndjson")
              .POST(HttpRequest.BodyPublishers.ofByteArray(body(items)))
              .build();
      response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    } catch (IOException e) {
      throw new LoadException("_bulk failed: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new LoadException("interrupted", e);
    }
    try (InputStream in = response.body()) {
      int status = response.statusCode();
      if (status == 429 || status == 503) {
        String reason = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        return Collections.nCopies(items.size(), new ItemResult(429, reason));
      }
      if (status != 200) {
        throw new LoadException(
            "_bulk answered "
                + status
                + ": "
                + new String(in.readNBytes(2000), StandardCharsets.UTF_8));
      }
      List<ItemResult> results = items(in);
      if (results.size() != items.size()) {
        throw new LoadException(
            "_bulk answered " + results.size() + " items for " + items.size() + " sent");
      }
      return results;
    } catch (IOException e) {
      throw new LoadException("reading the _bulk response failed: " + e.getMessage(), e);
    }
  }

  private static byte[] body(List<LoadItem> items) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (LoadItem item : items) {
      try (JsonGenerator g = JSON.createGenerator(out)) {
        g.writeStartObject();
        g.writeObjectFieldStart(item.action().name().toLowerCase(Locale.ROOT));
        if (item.index() != null) {
          g.writeStringField("_index", item.index());
        }
        if (item.id() != null) {
          g.writeStringField("_id", item.id());
        }
        g.writeEndObject();
        g.writeEndObject();
      }
      out.write('\n');
      if (item.source() != null) {
        out.write(item.source());
        out.write('\n');
      }
    }
    return out.toByteArray();
  }

  /** Each item's status and error reason, from {@code items} of a {@code _bulk} response. */
  private static List<ItemResult> items(InputStream in) throws IOException {
    List<ItemResult> results = new ArrayList<>();
    try (JsonParser p = JSON.createParser(in)) {
      p.nextToken();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (!name.equals("items") || value != JsonToken.START_ARRAY) {
          p.skipChildren();
          continue;
        }
        while (p.nextToken() == JsonToken.START_OBJECT) {
          p.nextToken(); // the action name
          p.nextToken(); // its object
          int status = 0;
          String reason = null;
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            JsonToken v = p.nextToken();
            if (key.equals("status")) {
              status = p.getIntValue();
            } else if (key.equals("error") && v == JsonToken.START_OBJECT) {
              reason = reason(p);
            } else {
              p.skipChildren();
            }
          }
          p.nextToken(); // the item's end
          results.add(new ItemResult(status, reason));
        }
      }
    }
    return results;
  }

  private static String reason(JsonParser p) throws IOException {
    String type = null;
    String reason = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      p.nextToken();
      switch (key) {
        case "type" -> type = p.getValueAsString();
        case "reason" -> reason = p.getValueAsString();
        default -> p.skipChildren();
      }
    }
    return type + ": " + reason;
  }

  @Override
  public void close() {
    http.close();
  }
}
