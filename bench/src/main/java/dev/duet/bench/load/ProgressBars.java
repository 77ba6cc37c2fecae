package dev.duet.bench.load;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The one look of the tools' progress bars (on stderr, ASCII so that any terminal or log shows it).
 */
public final class ProgressBars {
  private ProgressBars() {}

  /** Megabytes of {@code size} bytes read (-1: unknown), with MB/s and the time left. */
  static ProgressBar bytes(String task, long size) {
    return builder(task, size).setUnit(" MB", 1 << 20).build();
  }

  /** {@code max} documents, with docs/s and the time left. */
  public static ProgressBar documents(String task, long max) {
    return builder(task, max).setUnit(" docs", 1).build();
  }

  private static ProgressBarBuilder builder(String task, long max) {
    return new ProgressBarBuilder()
        .setTaskName(task)
        .setInitialMax(max)
        .showSpeed(new DecimalFormat("0.0", DecimalFormatSymbols.getInstance(Locale.ROOT)))
        .setStyle(ProgressBarStyle.ASCII)
        .setUpdateIntervalMillis(250);
  }
}
