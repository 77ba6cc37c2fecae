package dev.duet.engine.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class DateFormatsTest {
  private static long millis(String iso) {
    return Instant.parse(iso).toEpochMilli();
  }

  @Test
  void defaultFormatParsesIsoDatesAndEpochMillis() {
    DateFormats f = DateFormats.of(null);

    assertThat(f.format()).isEqualTo("strict_date_optional_time||epoch_millis");
    assertThat(f.parseMillis("2020-01-02", false)).isEqualTo(millis("2020-01-02T00:00:00Z"));
    assertThat(f.parseMillis("2020-01-02T10:11:12Z", false))
        .isEqualTo(millis("2020-01-02T10:11:12Z"));
    assertThat(f.parseMillis("2020-01-02T10:11:12.345+02:00", false))
        .isEqualTo(millis("2020-01-02T08:11:12.345Z"));
    assertThat(f.parseMillis("2020-01", false)).isEqualTo(millis("2020-01-01T00:00:00Z"));
    assertThat(f.parseMillis("1577836800000", false)).isEqualTo(1577836800000L);
  }

  @Test
  void roundsMissingFieldsUpForUpperBounds() {
    DateFormats f = DateFormats.of(null);

    assertThat(f.parseMillis("2020-01-02", true)).isEqualTo(millis("2020-01-02T23:59:59.999Z"));
    assertThat(f.parseMillis("2020-02", true)).isEqualTo(millis("2020-02-29T23:59:59.999Z"));
  }

  @Test
  void customPatternsAndErrors() {
    DateFormats f = DateFormats.of("yyyy/MM/dd HH:mm:ss||yyyy/MM/dd");

    assertThat(f.parseMillis("2020/01/02 03:04:05", false))
        .isEqualTo(millis("2020-01-02T03:04:05Z"));
    assertThat(f.parseMillis("2020/01/02", false)).isEqualTo(millis("2020-01-02T00:00:00Z"));
    assertThatThrownBy(() -> DateFormats.of(null).parseMillis("abc", false))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("illegal_argument_exception");
              assertThat(e.reason())
                  .isEqualTo(
                      "failed to parse date field [abc] with format"
                          + " [strict_date_optional_time||epoch_millis]");
              assertThat(e.causedBy().type()).isEqualTo("date_time_parse_exception");
            });
    assertThatThrownBy(() -> DateFormats.of(null).parseMillis("2020-13-01", false))
        .isInstanceOf(DuetException.class);
  }

  @Test
  void detectsDatesLikeOpenSearchDynamicMapping() {
    assertThat(DateFormats.detect("2020-01-01")).isEqualTo(FieldMapping.of("date"));
    assertThat(DateFormats.detect("2020-01-01T10:00:00Z")).isEqualTo(FieldMapping.of("date"));
    assertThat(DateFormats.detect("2020/01/02").params())
        .containsEntry("format", "yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis")
        .containsEntry("print_format", "yyyy/MM/dd HH:mm:ss");
    assertThat(DateFormats.detect("2015")).isNull();
    assertThat(DateFormats.detect("hello world")).isNull();
    assertThat(DateFormats.detect("12345678")).isNull();
  }

  @Test
  void isoParserCoversTheFormatsEdges() {
    DateFormats f = DateFormats.of("strict_date_optional_time");

    assertThat(f.parseMillis("2020-01-02T10", false)).isEqualTo(millis("2020-01-02T10:00:00Z"));
    assertThat(f.parseMillis("2020-01-02T10:11:12,5Z", false))
        .isEqualTo(millis("2020-01-02T10:11:12.500Z"));
    assertThat(f.parseMillis("2020-01-02T10:11:12.123456789-0130", false))
        .isEqualTo(millis("2020-01-02T11:41:12.123Z"));
    assertThat(f.parseMillis("2020-01-02T10:11+05", false))
        .isEqualTo(millis("2020-01-02T05:11:00Z"));
    assertThat(f.parseMillis("2020", true)).isEqualTo(millis("2020-12-31T23:59:59.999Z"));
    for (String bad :
        new String[] {"2020-1-02", "2020-01-02T25:00", "2020-02-30", "2020-01-02 10:00", "20201"}) {
      assertThat(f.tryParse(bad, false)).as(bad).isNull();
    }
  }
}
