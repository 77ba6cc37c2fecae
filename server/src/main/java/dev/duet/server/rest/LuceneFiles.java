package dev.duet.server.rest;

import java.util.Map;

/**
 * What each Lucene file extension holds, as OpenSearch describes it in {@code
 * include_segment_file_sizes} ({@code Lucene's file formats}; anything else is "Others").
 */
final class LuceneFiles {
  private static final Map<String, String> DESCRIPTIONS =
      Map.ofEntries(
          Map.entry("si", "Segment Info"),
          Map.entry("fnm", "Fields"),
          Map.entry("fdx", "Field Index"),
          Map.entry("fdt", "Field Data"),
          Map.entry("tim", "Term Dictionary"),
          Map.entry("tip", "Term Index"),
          Map.entry("doc", "Frequencies"),
          Map.entry("pos", "Positions"),
          Map.entry("pay", "Payloads"),
          Map.entry("nvd", "Norms"),
          Map.entry("nvm", "Norms"),
          Map.entry("dii", "Points"),
          Map.entry("dim", "Points"),
          Map.entry("tvx", "Term Vector Index"),
          Map.entry("tvd", "Term Vector Documents"),
          Map.entry("tvf", "Term Vector Fields"),
          Map.entry("liv", "Live Documents"),
          Map.entry("dvd", "DocValues"),
          Map.entry("dvm", "DocValues"),
          Map.entry("cfs", "Compound Files"),
          Map.entry("cfe", "Compound Files"));

  private LuceneFiles() {}

  static String describe(String extension) {
    return DESCRIPTIONS.getOrDefault(extension, "Others");
  }
}
