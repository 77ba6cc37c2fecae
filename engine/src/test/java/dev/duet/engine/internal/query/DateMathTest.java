package dev.duet.engine.internal.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.search.TimeZones;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

public class DateMathTest {
  private static final DateFormats DEFAULT = DateFormats.of(null);

  private static long millis(String iso) {
    return Instant.parse(iso).toEpochMilli();
  }

  @Test
  void anchoredMathAddsAndRounds() {
    assertThat(DateMath.parse("2020-01-15||+1M", DEFAULT, false))
        .isEqualTo(millis("2020-02-15T00:00:00Z"));
    assertThat(DateMath.parse("2020-01-15T10:20:30Z||-2d/d", DEFAULT, false))
        .isEqualTo(millis("2020-01-13T00:00:00Z"));
    assertThat(DateMath.parse("2020-01-15T10:20:30Z||/M", DEFAULT, true))
        .isEqualTo(millis("2020-01-31T23:59:59.999Z"));
    assertThat(DateMath.parse("2020-01-15||/y", DEFAULT, false))
        .isEqualTo(millis("2020-01-01T00:00:00Z"));
  }

  @Test
  void nowIsTheCurrentTime() {
    long before = System.currentTimeMillis();
    long now = DateMath.parse("now", DEFAULT, false);
    long after = System.currentTimeMillis();

    assertThat(now).isBetween(before, after);
    assertThat(DateMath.parse("now-1h", DEFAULT, false)).isLessThan(now);
  }

  @Test
  void plainDatesAndErrors() {
    assertThat(DateMath.parse("2020-01-15", DEFAULT, false))
        .isEqualTo(millis("2020-01-15T00:00:00Z"));
    assertThatThrownBy(() -> DateMath.parse("now+1x", DEFAULT, false))
        .isInstanceOf(DuetException.class);
    assertThatThrownBy(() -> DateMath.parse("now*1d", DEFAULT, false))
        .isInstanceOf(DuetException.class);
  }

  @Test
  void aTimeZoneReadsDatesWithoutAnOffsetAndRoundsInTheZone() {
    ZoneId minusFive = ZoneId.of("-05:00");

    assertThat(DateMath.parse("2020-01-01", DEFAULT, false, minusFive))
        .isEqualTo(millis("2020-01-01T05:00:00Z"));
    assertThat(DateMath.parse("2020-01-01", DEFAULT, true, minusFive))
        .isEqualTo(millis("2020-01-02T04:59:59.999Z"));
    assertThat(DateMath.parse("2020-01-01T10:00:00", DEFAULT, false, ZoneId.of("Europe/Paris")))
        .isEqualTo(millis("2020-01-01T09:00:00Z"));
    assertThat(DateMath.parse("2020-07-01T10:00:00", DEFAULT, false, ZoneId.of("Europe/Paris")))
        .as("summer time")
        .isEqualTo(millis("2020-07-01T08:00:00Z"));
    assertThat(DateMath.parse("2020-01-01T03:00:00Z||/d", DEFAULT, false, minusFive))
        .as("rounding to the zone's midnight")
        .isEqualTo(millis("2019-12-31T05:00:00Z"));
    assertThat(DateMath.parse("2020-01-01T00:00:00+01:00", DEFAULT, false, minusFive))
        .as("an offset in the text wins")
        .isEqualTo(millis("2019-12-31T23:00:00Z"));
    assertThat(DateMath.parse("2020/01/01", DateFormats.of("yyyy/MM/dd"), false, minusFive))
        .as("a pattern format too")
        .isEqualTo(millis("2020-01-01T05:00:00Z"));
    assertThat(DateMath.parse("1577836800000", DateFormats.of("epoch_millis"), false, minusFive))
        .as("epoch values are wall-clock times in the zone, as OpenSearch reads them")
        .isEqualTo(millis("2020-01-01T05:00:00Z"));
  }

  @Test
  void anUnknownTimeZoneIsOpenSearchsError() {
    assertThatThrownBy(() -> TimeZones.of("Foo/Bar"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.reason())
                  .isEqualTo("java.time.zone.ZoneRulesException: Unknown time-zone ID: Foo/Bar");
            });
    assertThatThrownBy(() -> TimeZones.of("+25:00"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.reason())
                    .startsWith("java.time.DateTimeException: Zone offset hours not in valid"));
  }
}
