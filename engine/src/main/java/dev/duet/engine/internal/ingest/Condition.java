package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A processor's {@code if}: the part of Painless conditions that Duet evaluates without a script
 * engine (Duet has none). Accepted: {@code ctx.a.b} and {@code ctx?.a?.b} and {@code ctx['a']}
 * references, string, number, boolean and null literals, {@code == != < <= > >=}, {@code !}, {@code
 * &&}, {@code ||}, parentheses and {@code ctx.a.containsKey('b')}. Anything else is refused when
 * the pipeline is stored, with a 400 that says so, never run wrongly.
 */
public final class Condition {
  private final String source;
  private final Node root;

  private Condition(String source, Node root) {
    this.source = source;
    this.root = root;
  }

  /**
   * Compiles {@code source}; 400 {@code parse_exception} on {@code [if]} when Duet cannot run it.
   */
  public static Condition compile(String source, String type, String tag) {
    try {
      Parser p = new Parser(source);
      Node node = p.or();
      p.skipSpace();
      if (p.pos < source.length() && source.charAt(p.pos) == ';') {
        p.pos++;
        p.skipSpace();
      }
      if (p.pos != source.length()) {
        throw new IllegalArgumentException("unexpected [" + source.substring(p.pos) + "]");
      }
      return new Condition(source, node);
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      throw ProcessorConfig.parseException(
          "[if] condition ["
              + source
              + "] is not supported: Duet has no Painless; it evaluates comparisons of ctx fields"
              + " with literals or other ctx fields (== != < <= > >=), null checks, containsKey,"
              + " !, && and ||",
          type,
          tag,
          "if");
    }
  }

  public String source() {
    return source;
  }

  /** Whether the condition holds for {@code doc}; a non-boolean result fails as Painless would. */
  public boolean test(IngestDocument doc) {
    Object v = root.eval(doc.sourceAndMetadata());
    if (v instanceof Boolean b) {
      return b;
    }
    throw new IllegalArgumentException(
        "condition ["
            + source
            + "] returned ["
            + (v == null ? "null" : v.getClass().getName())
            + "], expected [boolean]");
  }

  private interface Node {
    Object eval(Map<String, Object> ctx);
  }

  private record Literal(Object value) implements Node {
    @Override
    public Object eval(Map<String, Object> ctx) {
      return value;
    }
  }

  private record Ref(List<String> path) implements Node {
    @Override
    public Object eval(Map<String, Object> ctx) {
      Object cur = ctx;
      for (String p : path) {
        if (cur instanceof Map<?, ?> m) {
          cur = m.get(p);
        } else if (cur instanceof List<?> l && p.chars().allMatch(Character::isDigit)) {
          int i = Integer.parseInt(p);
          cur = i < l.size() ? l.get(i) : null;
        } else {
          return null;
        }
      }
      return cur;
    }
  }

  private record ContainsKey(Ref map, String key) implements Node {
    @Override
    public Object eval(Map<String, Object> ctx) {
      return map.eval(ctx) instanceof Map<?, ?> m && m.containsKey(key);
    }
  }

  private record Not(Node inner) implements Node {
    @Override
    public Object eval(Map<String, Object> ctx) {
      return !truth(inner.eval(ctx));
    }
  }

  private record Logic(Node left, Node right, boolean and) implements Node {
    @Override
    public Object eval(Map<String, Object> ctx) {
      boolean l = truth(left.eval(ctx));
      if (and ? !l : l) {
        return l;
      }
      return truth(right.eval(ctx));
    }
  }

  private record Compare(Node left, Node right, String op) implements Node {
    @Override
    public Object eval(Map<String, Object> ctx) {
      Object l = left.eval(ctx);
      Object r = right.eval(ctx);
      if (op.equals("==") || op.equals("!=")) {
        boolean eq = equal(l, r);
        return op.equals("==") == eq;
      }
      if (l == null || r == null) {
        throw new IllegalArgumentException(
            "cannot compare [" + l + "] with [" + r + "] using [" + op + "]");
      }
      int c;
      if (l instanceof Number a && r instanceof Number b) {
        c = Double.compare(a.doubleValue(), b.doubleValue());
      } else if (l instanceof String a && r instanceof String b) {
        c = a.compareTo(b);
      } else {
        throw new IllegalArgumentException(
            "cannot compare ["
                + l.getClass().getName()
                + "] with ["
                + r.getClass().getName()
                + "] using ["
                + op
                + "]");
      }
      return switch (op) {
        case "<" -> c < 0;
        case "<=" -> c <= 0;
        case ">" -> c > 0;
        default -> c >= 0;
      };
    }
  }

  private static boolean equal(Object l, Object r) {
    if (l instanceof Number a && r instanceof Number b) {
      return a.doubleValue() == b.doubleValue();
    }
    return l == null ? r == null : l.equals(r);
  }

  private static boolean truth(Object v) {
    if (v instanceof Boolean b) {
      return b;
    }
    throw new IllegalArgumentException(
        "Cannot cast [" + (v == null ? "null" : v.getClass().getName()) + "] to [boolean]");
  }

  private static final class Parser {
    final String s;
    int pos;

    Parser(String s) {
      this.s = s;
    }

    void skipSpace() {
      while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
        pos++;
      }
    }

    boolean eat(String token) {
      skipSpace();
      if (s.startsWith(token, pos)) {
        pos += token.length();
        return true;
      }
      return false;
    }

    Node or() {
      Node left = and();
      while (eat("||")) {
        left = new Logic(left, and(), false);
      }
      return left;
    }

    Node and() {
      Node left = unary();
      while (eat("&&")) {
        left = new Logic(left, unary(), true);
      }
      return left;
    }

    Node unary() {
      skipSpace();
      if (s.startsWith("!", pos) && !s.startsWith("!=", pos)) {
        pos++;
        return new Not(unary());
      }
      return compare();
    }

    Node compare() {
      Node left = primary();
      for (String op : List.of("==", "!=", "<=", ">=", "<", ">")) {
        if (eat(op)) {
          return new Compare(left, primary(), op);
        }
      }
      return left;
    }

    Node primary() {
      skipSpace();
      char c = s.charAt(pos);
      if (c == '(') {
        pos++;
        Node inner = or();
        if (!eat(")")) {
          throw new IllegalArgumentException("missing )");
        }
        return inner;
      }
      if (c == '\'' || c == '"') {
        return new Literal(string());
      }
      if (Character.isDigit(c) || c == '-') {
        int start = pos++;
        while (pos < s.length() && (Character.isDigit(s.charAt(pos)) || s.charAt(pos) == '.')) {
          pos++;
        }
        String num = s.substring(start, pos);
        return new Literal(num.contains(".") ? Double.parseDouble(num) : Long.parseLong(num));
      }
      String word = ident();
      switch (word) {
        case "true":
          return new Literal(Boolean.TRUE);
        case "false":
          return new Literal(Boolean.FALSE);
        case "null":
          return new Literal(null);
        case "ctx":
          return reference();
        default:
          throw new IllegalArgumentException("unknown [" + word + "]");
      }
    }

    Node reference() {
      List<String> path = new ArrayList<>();
      while (true) {
        if (eat("?.") || eat(".")) {
          String name = ident();
          if (name.equals("containsKey") && eat("(")) {
            skipSpace();
            String key = string();
            if (!eat(")")) {
              throw new IllegalArgumentException("missing )");
            }
            return new ContainsKey(new Ref(List.copyOf(path)), key);
          }
          path.add(name);
        } else if (eat("[")) {
          skipSpace();
          path.add(string());
          if (!eat("]")) {
            throw new IllegalArgumentException("missing ]");
          }
        } else {
          return new Ref(List.copyOf(path));
        }
      }
    }

    String ident() {
      skipSpace();
      int start = pos;
      while (pos < s.length()
          && (Character.isLetterOrDigit(s.charAt(pos))
              || s.charAt(pos) == '_'
              || s.charAt(pos) == '@')) {
        pos++;
      }
      if (start == pos) {
        throw new IllegalArgumentException("expected a name at " + pos);
      }
      return s.substring(start, pos);
    }

    String string() {
      char quote = s.charAt(pos);
      if (quote != '\'' && quote != '"') {
        throw new IllegalArgumentException("expected a string at " + pos);
      }
      int end = s.indexOf(quote, pos + 1);
      if (end < 0) {
        throw new IllegalArgumentException("unterminated string");
      }
      String out = s.substring(pos + 1, end);
      pos = end + 1;
      return out;
    }
  }
}
