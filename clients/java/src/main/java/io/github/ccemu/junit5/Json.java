package io.github.ccemu.junit5;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough JSON to read ccemu's answers and to check a fixture before sending it, so that the
 * extension needs no JSON library (a test classpath's Jackson or Gson version is the team's
 * business, not ours). Objects read as {@code Map<String, Object>} (key order kept), arrays as
 * {@code List<Object>}, numbers as {@code Long} when integral and in range, else {@code Double}.
 */
final class Json {
  private final String text;
  private int at;

  private Json(String text) {
    this.text = text;
  }

  /** Parses one JSON value filling the whole text (whitespace aside). */
  static Object parse(String text) {
    Json reader = new Json(text);
    Object value = reader.value();
    reader.skipSpace();
    if (reader.at < text.length()) throw reader.error("unexpected text after the value");
    return value;
  }

  /** The member {@code name} of an object, or null when {@code value} is no object or lacks it. */
  static Object member(Object value, String name) {
    return value instanceof Map<?, ?> object ? object.get(name) : null;
  }

  /** A JSON string literal for {@code text}: what the extension writes into its request bodies. */
  static String quote(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2).append('"');
    for (char c : text.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
        }
      }
    }
    return out.append('"').toString();
  }

  /**
   * JSON text for a value made of what {@link #parse} answers: Map (String keys), List (or
   * Collection), String, Number, Boolean and null. What the extension writes into a verify.
   */
  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  private static void write(Object value, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String text) {
      out.append(quote(text));
    } else if (value instanceof Double d && (d.isNaN() || d.isInfinite())
        || value instanceof Float f && (f.isNaN() || f.isInfinite())) {
      throw new IllegalArgumentException("JSON has no " + value);
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> member : map.entrySet()) {
        if (!first) out.append(',');
        first = false;
        out.append(quote(String.valueOf(member.getKey()))).append(':');
        write(member.getValue(), out);
      }
      out.append('}');
    } else if (value instanceof java.util.Collection<?> items) {
      out.append('[');
      boolean first = true;
      for (Object item : items) {
        if (!first) out.append(',');
        first = false;
        write(item, out);
      }
      out.append(']');
    } else {
      throw new IllegalArgumentException("no JSON for a " + value.getClass().getName()
          + ": give a String, Number, Boolean, null, Map or List");
    }
  }

  private Object value() {
    skipSpace();
    if (at >= text.length()) throw error("a value is missing");
    char c = text.charAt(at);
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", null);
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return number();
        throw error("unexpected character '" + c + "'");
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> members = new LinkedHashMap<>();
    at++; // {
    skipSpace();
    if (next('}')) return members;
    do {
      skipSpace();
      if (peekChar() != '"') throw error("a member name (a string) is expected");
      String name = string();
      skipSpace();
      expect(':');
      members.put(name, value());
      skipSpace();
    } while (next(','));
    expect('}');
    return members;
  }

  private List<Object> array() {
    List<Object> items = new ArrayList<>();
    at++; // [
    skipSpace();
    if (next(']')) return items;
    do {
      items.add(value());
      skipSpace();
    } while (next(','));
    expect(']');
    return items;
  }

  private String string() {
    StringBuilder out = new StringBuilder();
    at++; // opening quote
    while (true) {
      if (at >= text.length()) throw error("a string is not closed");
      char c = text.charAt(at++);
      if (c == '"') return out.toString();
      if (c < 0x20) throw error("a control character inside a string");
      out.append(c == '\\' ? escape() : c);
    }
  }

  private char escape() {
    if (at >= text.length()) throw error("a string is not closed");
    char c = text.charAt(at++);
    switch (c) {
      case '"': case '\\': case '/': return c;
      case 'b': return '\b';
      case 'f': return '\f';
      case 'n': return '\n';
      case 'r': return '\r';
      case 't': return '\t';
      case 'u':
        // One UTF-16 unit: a surrogate pair arrives as two escapes and joins up in the builder.
        if (at + 4 > text.length()) throw error("a \\u escape needs four hex digits");
        try {
          char unit = (char) Integer.parseInt(text.substring(at, at + 4), 16);
          at += 4;
          return unit;
        } catch (NumberFormatException e) {
          throw error("a \\u escape needs four hex digits");
        }
      default:
        throw error("unknown escape \\" + c);
    }
  }

  private Object number() {
    int start = at;
    if (peekChar() == '-') at++;
    boolean integral = true;
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c >= '0' && c <= '9') {
        at++;
      } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
        integral = false;
        at++;
      } else {
        break;
      }
    }
    String digits = text.substring(start, at);
    try {
      if (integral) return Long.parseLong(digits);
    } catch (NumberFormatException tooLarge) {
      // past a long: read it as a double below
    }
    try {
      return Double.parseDouble(digits);
    } catch (NumberFormatException e) {
      at = start;
      throw error("not a number: " + digits);
    }
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, at)) throw error("unexpected word");
    at += word.length();
    return value;
  }

  private void skipSpace() {
    while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) at++;
  }

  private char peekChar() {
    return at < text.length() ? text.charAt(at) : '\0';
  }

  /** Consumes {@code c} when it comes next. */
  private boolean next(char c) {
    if (peekChar() != c) return false;
    at++;
    return true;
  }

  private void expect(char c) {
    if (!next(c)) throw error("'" + c + "' expected");
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("not valid JSON at character " + at + ": " + what);
  }
}
