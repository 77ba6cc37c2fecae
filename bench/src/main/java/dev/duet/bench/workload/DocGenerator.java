package dev.duet.bench.workload;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

/**
 * Generates small, realistic product-like documents (text, keyword, numeric, date and boolean
 * fields) deterministically: document {@code n} of seed {@code s} is always the same bytes, so runs
 * against different targets index exactly the same data.
 */
public final class DocGenerator {
  /** The mapping every bench index is created with; it matches what {@link #doc} produces. */
  public static final String MAPPING_JSON =
      """
      {"properties":{\
      "title":{"type":"text"},\
      "body":{"type":"text"},\
      "category":{"type":"keyword"},\
      "tags":{"type":"keyword"},\
      "price":{"type":"double"},\
      "stock":{"type":"integer"},\
      "created":{"type":"date"},\
      "active":{"type":"boolean"}}}""";

  /** The text field searched by the search scenario. */
  public static final String SEARCH_FIELD = "body";

  private static final String[] CATEGORIES = {
    "books", "garden", "kitchen", "music", "outdoor", "toys", "tools", "sports", "health", "office",
    "pets", "travel"
  };
  private static final long EPOCH_2025 = Instant.parse("2025-01-01T00:00:00Z").getEpochSecond();
  private static final int SECONDS_PER_YEAR = 365 * 24 * 3600;
  private static final JsonFactory JSON = new JsonFactory();

  private final long seed;
  private final Vocabulary vocabulary;

  public DocGenerator(long seed) {
    this.seed = seed;
    this.vocabulary = new Vocabulary(2000, seed);
  }

  public Vocabulary vocabulary() {
    return vocabulary;
  }

  /** Document number {@code n}; the same {@code (seed, n)} always yields the same bytes. */
  public BenchDoc doc(long n) {
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + n);
    ByteArrayOutputStream out = new ByteArrayOutputStream(512);
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.writeStartObject();
      json.writeStringField("title", words(random, 3 + random.nextInt(5)));
      json.writeStringField("body", words(random, 20 + random.nextInt(21)));
      json.writeStringField("category", CATEGORIES[random.nextInt(CATEGORIES.length)]);
      json.writeArrayFieldStart("tags");
      int tags = 1 + random.nextInt(3);
      for (int i = 0; i < tags; i++) {
        json.writeString(vocabulary.word(random.nextInt(50)));
      }
      json.writeEndArray();
      json.writeNumberField("price", random.nextInt(100_000) / 100.0);
      json.writeNumberField("stock", random.nextInt(1000));
      json.writeStringField(
          "created",
          DateTimeFormatter.ISO_INSTANT.format(
              Instant.ofEpochSecond(EPOCH_2025 + random.nextInt(SECONDS_PER_YEAR))));
      json.writeBooleanField("active", random.nextInt(10) != 0);
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new BenchDoc(out.toByteArray());
  }

  /**
   * Query text number {@code n} for the search scenario: two words of middling frequency, so that
   * every query matches documents but none matches nearly all of them.
   */
  public String queryText(long n) {
    SplittableRandom random = new SplittableRandom(~seed * 31 + n);
    int from = 10;
    int to = Math.min(500, vocabulary.size());
    return vocabulary.word(from + random.nextInt(to - from))
        + " "
        + vocabulary.word(from + random.nextInt(to - from));
  }

  /**
   * Phrase text number {@code n} for the phrase scenario: two adjacent words of one of the first
   * {@code docs} documents' bodies, so every phrase matches at least that document.
   */
  public String phraseText(long n, int docs) {
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + n % docs);
    words(random, 3 + random.nextInt(5)); // the title comes first, as in doc(n)
    String[] body = words(random, 20 + random.nextInt(21)).split(" ");
    int at = (int) (n % (body.length - 1));
    return body[at] + " " + body[at + 1];
  }

  private String words(SplittableRandom random, int count) {
    StringBuilder text = new StringBuilder(count * 7);
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        text.append(' ');
      }
      text.append(vocabulary.sample(random));
    }
    return text.toString();
  }
}
