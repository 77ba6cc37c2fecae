package dev.duet.protogen.check;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import dev.duet.protogen.check.Rule.RuleSet;
import java.util.ArrayList;
import java.util.List;

/** The outcome of a check: the unaccepted breaks (which fail it), the accepted ones, the text. */
public record CheckReport(List<Break> breaks, List<String> accepted, String text) {

  /** Runs the check of {@code newSet} against {@code oldSet}; {@code label} heads the report. */
  public static CheckReport of(
      FileDescriptorSet oldSet,
      FileDescriptorSet newSet,
      RuleSet rules,
      AcceptedBreaks acceptedBreaks,
      String label) {
    List<Break> all = CompatibilityChecker.check(oldSet, newSet, rules);
    List<Break> breaks = new ArrayList<>();
    List<String> accepted = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    text.append("protogen check (").append(rules).append("): ").append(label).append('\n');
    for (Break b : all) {
      String reason = acceptedBreaks.reason(b);
      if (reason == null) {
        breaks.add(b);
        text.append("BREAK    ").append(b).append('\n');
      } else {
        accepted.add(b + " (accepted: " + reason + ")");
        text.append("ACCEPTED ").append(b).append(" — ").append(reason).append('\n');
      }
    }
    List<String> changes = ChangeLog.changes(oldSet, newSet);
    text.append("changes (").append(changes.size()).append("):\n");
    for (String change : changes) {
      text.append("  ").append(change).append('\n');
    }
    for (String stale : acceptedBreaks.unused(all)) {
      text.append("note: accepted break no longer occurs: ").append(stale).append('\n');
    }
    text.append(breaks.size())
        .append(" breaking change(s), ")
        .append(accepted.size())
        .append(" accepted; ")
        .append(breaks.isEmpty() ? "compatible" : "BREAKING")
        .append('\n');
    return new CheckReport(List.copyOf(breaks), List.copyOf(accepted), text.toString());
  }

  public boolean compatible() {
    return breaks.isEmpty();
  }
}
