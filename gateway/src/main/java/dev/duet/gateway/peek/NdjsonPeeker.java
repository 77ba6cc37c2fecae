package dev.duet.gateway.peek;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.gateway.config.GatewayConfig.Action;
import dev.duet.gateway.error.RequestRefused;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The REST bodies the gateway must look into: the action lines of {@code _bulk} (each names its
 * {@code _index}), the header lines of {@code _msearch}, and a search body's top-level {@code size}
 * and {@code from}. Jackson streaming; document sources are skipped line by line, never parsed.
 * Lines split on {@code \n} as OpenSearch splits them, so both sides agree which lines are actions.
 */
final class NdjsonPeeker {
  private static final JsonFactory JSON = new JsonFactory();

  private NdjsonPeeker() {}

  static Operation bulk(String pathIndex, byte[] body) {
    List<String> indices = new ArrayList<>();
    if (pathIndex != null) {
      indices.addAll(IndexPatterns.split(pathIndex));
    }
    int items = 0;
    int pos = 0;
    int line = 0;
    while (pos < body.length) {
      int end = lineEnd(body, pos);
      line++;
      if (!blank(body, pos, end)) {
        String[] action = bulkAction(body, pos, end, line);
        items++;
        if (action[1] != null) {
          indices.addAll(IndexPatterns.split(action[1]));
        } else if (pathIndex == null) {
          indices.add("*"); // no index anywhere: the upstream refuses it, but never unchecked
        }
        if (!action[0].equals("delete")) {
          pos = end + 1; // the document source: skipped, never parsed
          end = lineEnd(body, Math.min(pos, body.length));
          line++;
        }
      }
      pos = end + 1;
    }
    return new Operation("bulk", Action.WRITE, dedupe(indices), items, -1, -1);
  }

  static Operation msearch(String pathIndex, byte[] body) {
    List<String> indices = new ArrayList<>();
    long maxSize = -1;
    long maxFrom = -1;
    int pos = 0;
    int line = 0;
    while (pos < body.length) {
      int end = lineEnd(body, pos);
      line++;
      if (!blank(body, pos, end)) {
        List<String> named = msearchHeader(body, pos, end, line);
        if (named.isEmpty()) {
          indices.addAll(IndexPatterns.split(pathIndex));
        } else {
          for (String n : named) {
            indices.addAll(IndexPatterns.split(n));
          }
        }
        pos = end + 1;
        end = lineEnd(body, Math.min(pos, body.length));
        line++;
        long[] sizeFrom = searchBodySizeFrom(body, Math.min(pos, body.length), end);
        maxSize = Math.max(maxSize, sizeFrom[0]);
        maxFrom = Math.max(maxFrom, sizeFrom[1]);
      }
      pos = end + 1;
    }
    return new Operation("msearch", Action.SEARCH, dedupe(indices), 0, maxSize, maxFrom);
  }

  /**
   * {@code _mget}: the path index and every {@code docs[]._index} (which overrides it). A body the
   * gateway cannot read is refused: the indices it names are unknown.
   */
  static Operation mget(String pathIndex, byte[] body) {
    List<String> indices = new ArrayList<>();
    boolean docWithoutIndex = false;
    try (JsonParser p = JSON.createParser(body)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw RequestRefused.badRequest("_mget: expected a JSON object body");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (!name.equals("docs") || value != JsonToken.START_ARRAY) {
          p.skipChildren();
          continue;
        }
        while (p.nextToken() == JsonToken.START_OBJECT) {
          boolean named = false;
          while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            if (field.equals("_index")) {
              if (v != JsonToken.VALUE_STRING) {
                throw RequestRefused.badRequest("_mget: [_index] must be a string");
              }
              indices.addAll(IndexPatterns.split(p.getText()));
              named = true;
            } else {
              p.skipChildren();
            }
          }
          docWithoutIndex |= !named;
        }
        if (p.currentToken() != JsonToken.END_ARRAY) {
          throw RequestRefused.badRequest("_mget: [docs] must hold objects");
        }
      }
    } catch (IOException e) {
      throw RequestRefused.badRequest("_mget: cannot read the body: " + e.getMessage());
    }
    // The path index serves docs (and ids) that name none; without one such docs are refused by
    // the upstream — but "every index" is the safe reading of what the gateway cannot place.
    if (pathIndex != null) {
      indices.addAll(0, IndexPatterns.split(pathIndex));
    } else if (docWithoutIndex || indices.isEmpty()) {
      indices.add("*");
    }
    return new Operation("mget", Action.SEARCH, dedupe(indices), 0, -1, -1);
  }

  /** {size, from} at the top level of a search body, -1 where absent or not a number. */
  static long[] searchBodySizeFrom(byte[] body, int from, int to) {
    long[] out = {-1, -1};
    if (blank(body, from, to)) {
      return out;
    }
    try (JsonParser p = JSON.createParser(body, from, to - from)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return out; // not an object: the upstream says what is wrong with it
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if ((name.equals("size") || name.equals("from"))
            && (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_STRING)) {
          long n;
          try {
            n =
                value == JsonToken.VALUE_NUMBER_INT
                    ? p.getLongValue()
                    : Long.parseLong(p.getText());
          } catch (NumberFormatException | IOException e) {
            n = -1;
          }
          out[name.equals("size") ? 0 : 1] = n;
        } else {
          p.skipChildren();
        }
      }
    } catch (IOException e) {
      // Malformed JSON is the upstream's to report; a size/from cap cannot be evaded by it, since
      // the upstream will not run a search it cannot parse.
    }
    return out;
  }

  /** {action, _index or null} of one bulk action line. */
  private static String[] bulkAction(byte[] body, int from, int to, int line) {
    try (JsonParser p = JSON.createParser(body, from, to - from)) {
      if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME) {
        throw malformed(line, "expected an action object");
      }
      String action = p.currentName();
      if (!action.equals("index")
          && !action.equals("create")
          && !action.equals("update")
          && !action.equals("delete")) {
        throw malformed(line, "unknown action [" + action + "]");
      }
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw malformed(line, "expected an object for [" + action + "]");
      }
      String index = null;
      boolean seen = false;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (name.equals("_index")) {
          if (seen || value != JsonToken.VALUE_STRING) {
            throw malformed(line, "[_index] must be given once, as a string");
          }
          seen = true;
          index = p.getText();
        } else {
          p.skipChildren();
        }
      }
      if (p.nextToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
        throw malformed(line, "expected one action per line");
      }
      return new String[] {action, index};
    } catch (IOException e) {
      throw malformed(
          line,
          e instanceof com.fasterxml.jackson.core.JsonProcessingException j
              ? j.getOriginalMessage()
              : e.getMessage());
    }
  }

  private static List<String> msearchHeader(byte[] body, int from, int to, int line) {
    List<String> out = new ArrayList<>();
    try (JsonParser p = JSON.createParser(body, from, to - from)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw malformed(line, "expected a header object");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (name.equals("index") || name.equals("indices")) {
          if (value == JsonToken.VALUE_STRING) {
            out.add(p.getText());
          } else if (value == JsonToken.START_ARRAY) {
            while (p.nextToken() == JsonToken.VALUE_STRING) {
              out.add(p.getText());
            }
            if (p.currentToken() != JsonToken.END_ARRAY) {
              throw malformed(line, "[" + name + "] must hold strings");
            }
          } else {
            throw malformed(line, "[" + name + "] must be a string or a list");
          }
        } else {
          p.skipChildren();
        }
      }
    } catch (IOException e) {
      throw malformed(
          line,
          e instanceof com.fasterxml.jackson.core.JsonProcessingException j
              ? j.getOriginalMessage()
              : e.getMessage());
    }
    return out;
  }

  private static RequestRefused malformed(int line, String why) {
    return RequestRefused.badRequest(
        "Malformed action/metadata line ["
            + line
            + "]: "
            + why
            + " (the gateway checks every line)");
  }

  private static int lineEnd(byte[] body, int from) {
    for (int i = from; i < body.length; i++) {
      if (body[i] == '\n') {
        return i;
      }
    }
    return body.length;
  }

  private static boolean blank(byte[] body, int from, int to) {
    for (int i = from; i < to; i++) {
      byte b = body[i];
      if (b != ' ' && b != '\t' && b != '\r') {
        return false;
      }
    }
    return true;
  }

  private static List<String> dedupe(List<String> indices) {
    return new ArrayList<>(new java.util.LinkedHashSet<>(indices));
  }
}
