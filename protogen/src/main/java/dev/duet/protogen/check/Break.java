package dev.duet.protogen.check;

/**
 * One change that breaks existing clients: the rule (buf's name), the element (a fully qualified
 * name, e.g. {@code duet.documents.GetRequest.id}) and what changed.
 */
public record Break(Rule rule, String subject, String message) {
  @Override
  public String toString() {
    return rule + " " + subject + ": " + message;
  }
}
