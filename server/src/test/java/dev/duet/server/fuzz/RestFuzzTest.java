package dev.duet.server.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Grammar-aware REST fuzzing of one in-process node over real HTTP: no request, however hostile,
 * may get a 5xx, take over 10 s, stop the node answering, or change the seeded documents. Replay
 * with {@code -Dfuzz.seed=S -Dfuzz.rest.tries=N}; the failure lists each class of failure once.
 */
@Tag("fuzz")
class RestFuzzTest implements FuzzHook.Target {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Campaign campaign;
  private static HttpClient http;

  @BeforeContainer
  static void start() throws Exception {
    campaign = Campaign.start("rest");
    http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(SeededNode.TIMEOUT)
            .build();
  }

  @AfterContainer
  static void stop() throws Exception {
    campaign.close();
  }

  @Override
  public String campaignName() {
    return "rest";
  }

  @Override
  public int defaultTries() {
    return 3_000;
  }

  @Override
  public Campaign campaign() {
    return campaign;
  }

  @Property
  @AddLifecycleHook(FuzzHook.class)
  void noRequestCostsA5xxAHangOrData(@ForAll("requests") HttpCall call)
      throws InterruptedException {
    if (!campaign.admit()) {
      return;
    }
    String failure = send(call);
    if (failure != null) {
      campaign.findings().add(failure, call.toString() + "\n  => " + lastAnswer, call.route());
    }
    campaign.sent(call.toString());
  }

  @Provide
  Arbitrary<HttpCall> requests() {
    return RestCalls.any();
  }

  private String lastAnswer = "";

  /** Sends the call; null when the answer is acceptable, else the failure's class. */
  private String send(HttpCall call) throws InterruptedException {
    HttpRequest.Builder b;
    try {
      b =
          HttpRequest.newBuilder(
                  URI.create("http://127.0.0.1:" + campaign.node().httpPort() + call.path()))
              .timeout(SeededNode.TIMEOUT);
      b.method(
          call.method(),
          call.body() == null
              ? HttpRequest.BodyPublishers.noBody()
              : HttpRequest.BodyPublishers.ofByteArray(call.body()));
      if (call.contentType() != null && !call.contentType().isEmpty()) {
        b.header("Content-Type", call.contentType());
      }
    } catch (IllegalArgumentException e) {
      lastAnswer = "not sendable by java.net.http: " + e.getMessage();
      return null;
    }
    long start = System.nanoTime();
    HttpResponse<byte[]> r;
    try {
      r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (HttpTimeoutException e) {
      lastAnswer = "no answer within " + SeededNode.TIMEOUT.toSeconds() + " s";
      return "REST no answer within 10 s <- " + call.route();
    } catch (IOException e) {
      lastAnswer = e.toString();
      return "REST connection failed (" + e.getClass().getSimpleName() + ") <- " + call.route();
    }
    long millis = (System.nanoTime() - start) / 1_000_000;
    campaign.findings().took(call.route(), millis);
    String body = new String(r.body(), StandardCharsets.UTF_8);
    lastAnswer = r.statusCode() + " " + (body.length() > 600 ? body.substring(0, 600) + "…" : body);
    if (millis > SeededNode.TIMEOUT.toMillis()) {
      return "REST slower than 10 s <- " + call.route();
    }
    if (r.statusCode() >= 500) {
      String error = errorClass(body);
      // One parser limit fails alike on every route: group by the error, unless it says too little.
      boolean vague =
          error.contains("cannot invoke")
              || error.contains("nullpointerexception")
              || error.endsWith(": ");
      return "REST " + r.statusCode() + " " + error + (vague ? " <- " + call.route() : "");
    }
    return null;
  }

  /** The error's type and the shape of its reason (digits and quoted parts dropped). */
  static String errorClass(String body) {
    try {
      JsonNode error = JSON.readTree(body).path("error");
      String reason = error.path("reason").asText("");
      return error.path("type").asText("?") + ": " + shape(reason);
    } catch (IOException e) {
      return "non-JSON body";
    }
  }

  static String shape(String reason) {
    String s =
        reason
            .replaceAll("\\[[^\\]]*\\]", "[]")
            .replaceAll("\"[^\"]*\"", "\"\"")
            .replaceAll("'[^']*'", "''")
            .replaceAll("[0-9]+", "#");
    s = s.length() > 70 ? s.substring(0, 70) : s;
    return s.toLowerCase(Locale.ROOT);
  }
}
