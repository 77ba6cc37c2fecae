package dev.duet.bench.report;

import static java.util.Objects.requireNonNull;

import dev.duet.bench.measure.LatencySummary;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

/**
 * SVG charts of latency percentiles (JFreeChart drawn into JFreeSVG): one panel per scenario, p50,
 * p90, p99 and p99.9 as groups of bars, one bar per protocol of each run. Given one run it shows
 * REST against gRPC; given two ({@code duet bench compare}) each bar is named by run and protocol,
 * e.g. {@code opensearch REST/JSON} beside {@code duet REST/JSON}.
 */
public final class LatencyChart {
  private static final int WIDTH = 900;
  private static final int PANEL_HEIGHT = 320;
  private static final String[] PERCENTILES = {"p50", "p90", "p99", "p99.9"};
  private static final Color[] COLORS = {
    new Color(0x4e79a7),
    new Color(0xf28e2b),
    new Color(0x59a14f),
    new Color(0xe15759),
    new Color(0x76b7b2),
    new Color(0xedc948)
  };

  private LatencyChart() {}

  /** One run's chart: REST vs gRPC per scenario. */
  public static String render(BenchReport report) {
    requireNonNull(report, "report");
    return render("duet bench " + report.label() + ": latency (ms)", List.of(report), false);
  }

  /**
   * Two runs side by side, scenario by scenario (the scenarios of {@code baseline} set the order).
   */
  public static String compare(BenchReport baseline, BenchReport candidate) {
    requireNonNull(baseline, "baseline");
    requireNonNull(candidate, "candidate");
    return render(
        candidate.label() + " vs " + baseline.label() + ": latency (ms)",
        List.of(baseline, candidate),
        true);
  }

  private static String render(String title, List<BenchReport> runs, boolean named) {
    Map<String, List<Series>> panels = new LinkedHashMap<>();
    Map<String, String> titles = new LinkedHashMap<>();
    for (BenchReport run : runs) {
      for (ScenarioResult scenario : run.scenarios()) {
        titles.putIfAbsent(scenario.name(), scenario.name() + ": " + scenario.title());
        for (ProtocolResult protocol : scenario.protocols()) {
          String series = named ? run.label() + " " + protocol.protocol() : protocol.protocol();
          panels
              .computeIfAbsent(scenario.name(), k -> new ArrayList<>())
              .add(new Series(series, protocol.latencyMs()));
        }
      }
    }
    int height = 40 + PANEL_HEIGHT * Math.max(1, panels.size());
    SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, height);
    g2.setPaint(Color.WHITE);
    g2.fillRect(0, 0, WIDTH, height);
    g2.setPaint(Color.BLACK);
    g2.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    g2.drawString(title, 12, 26);
    int y = 40;
    for (Map.Entry<String, List<Series>> panel : panels.entrySet()) {
      chart(titles.get(panel.getKey()), panel.getValue())
          .draw(g2, new Rectangle2D.Double(0, y, WIDTH, PANEL_HEIGHT));
      y += PANEL_HEIGHT;
    }
    // The element alone: no DOCTYPE, so nothing reading the file fetches the SVG 1.0 DTD from
    // w3.org.
    return g2.getSVGElement();
  }

  private static JFreeChart chart(String title, List<Series> series) {
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Series s : series) {
      LatencySummary l = s.latency();
      double[] values = {l.p50(), l.p90(), l.p99(), l.p999()};
      for (int i = 0; i < PERCENTILES.length; i++) {
        data.addValue(values[i], s.name(), PERCENTILES[i]);
      }
    }
    NumberAxis millis = new NumberAxis("ms");
    BarRenderer bars = new BarRenderer();
    bars.setBarPainter(new StandardBarPainter());
    bars.setShadowVisible(false);
    bars.setItemMargin(0.05);
    for (int i = 0; i < series.size(); i++) {
      bars.setSeriesPaint(i, COLORS[i % COLORS.length]);
    }
    CategoryPlot plot = new CategoryPlot(data, new CategoryAxis(null), millis, bars);
    plot.setOrientation(PlotOrientation.VERTICAL);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setTitle(new TextTitle(title, new Font(Font.SANS_SERIF, Font.BOLD, 13)));
    chart.setBackgroundPaint(Color.WHITE);
    return chart;
  }

  private record Series(String name, LatencySummary latency) {}
}
