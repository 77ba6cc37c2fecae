package dev.duet.engine.mapping;

/**
 * What every field name must be, wherever it comes from (a mapping, a mapping update, a document):
 * valid UTF-16. A lone surrogate cannot be written as UTF-8, so a mapping that held one could not
 * be read back and its index could not start.
 */
public final class FieldNames {
  private FieldNames() {}

  /** The index of the first lone surrogate in {@code name}, or -1 when it is valid UTF-16. */
  public static int loneSurrogate(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < name.length()
          && Character.isLowSurrogate(name.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }

  /** The reason a name with a lone surrogate is refused; the name is printed escaped. */
  public static String loneSurrogateReason(String name) {
    StringBuilder printable = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isSurrogate(c)) {
        printable.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) c));
      } else {
        printable.append(c);
      }
    }
    return "field name ["
        + printable
        + "] is not valid UTF-16: it has a lone surrogate at "
        + loneSurrogate(name);
  }
}
