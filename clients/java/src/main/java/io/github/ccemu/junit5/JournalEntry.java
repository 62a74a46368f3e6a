package io.github.ccemu.junit5;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One journal entry, as {@code GET /_emulator/journal} answers it: an exchange with ccemu (a
 * client's request, {@code kind} {@code exchange}) or one ccemu made itself ({@code push},
 * {@code sms}, {@code callback}, {@code upstream}). {@code json} keeps the whole entry as read,
 * for an area's own detail ({@code push}, {@code delivery}, {@code upstream}).
 *
 * @param id 1, 2, 3… in the order entries were added
 * @param kind {@code exchange}, {@code push}, {@code sms}, {@code callback} or {@code upstream}
 * @param requestId the request's id (the {@code requestId} its answer carried)
 * @param time virtual time the exchange started, epoch ms
 * @param area {@code outbound}, {@code kb}, {@code gateway} or {@code storage}
 * @param method the HTTP method
 * @param path the URL's path, without the query
 * @param query the query parameters, each with its values in order
 * @param headers the request headers, names in lower case
 * @param body the request body, or null when there was none
 * @param response the answer
 * @param durationMs real milliseconds the exchange took
 * @param errorCode the vendor error code when it failed with one, else null
 * @param json the whole entry as JSON (maps, lists, strings, numbers)
 */
public record JournalEntry(
    long id,
    String kind,
    String requestId,
    long time,
    String area,
    String method,
    String path,
    Map<String, List<String>> query,
    Map<String, String> headers,
    Body body,
    Response response,
    double durationMs,
    String errorCode,
    Map<String, Object> json) {

  /**
   * A body as the journal keeps it.
   *
   * @param text the body's text; only its start when {@code truncated}
   * @param size size in bytes of the whole body
   * @param truncated true when the body was longer than the journal keeps (64 KiB)
   */
  public record Body(String text, long size, boolean truncated) {
    /** The body's JSON (maps, lists, strings, numbers), or null when it is not JSON. */
    public Object json() {
      try {
        return Json.parse(text);
      } catch (IllegalArgumentException notJson) {
        return null;
      }
    }
  }

  /**
   * The answer.
   *
   * @param status its HTTP status (0 when none came to a request ccemu made)
   * @param headers its headers
   * @param body its body, or null when there was none
   */
  public record Response(int status, Map<String, String> headers, Body body) {}

  /** An entry from its JSON, as the journal routes answer it. */
  static JournalEntry of(Object json) {
    Map<String, Object> entry = object(json, "a journal entry");
    Map<String, Object> response = object(entry.get("response"), "a journal entry's response");
    Map<String, List<String>> query = new LinkedHashMap<>();
    object(entry.get("query"), "a journal entry's query").forEach((name, value) -> {
      List<String> values = new ArrayList<>();
      if (value instanceof List<?> list) list.forEach(v -> values.add(String.valueOf(v)));
      else values.add(String.valueOf(value));
      query.put(name, Collections.unmodifiableList(values));
    });
    return new JournalEntry(
        number(entry.get("id")).longValue(),
        (String) entry.get("kind"),
        (String) entry.get("requestId"),
        number(entry.get("time")).longValue(),
        (String) entry.get("area"),
        (String) entry.get("method"),
        (String) entry.get("path"),
        Collections.unmodifiableMap(query),
        texts(entry.get("headers")),
        body(entry.get("body")),
        new Response(number(response.get("status")).intValue(), texts(response.get("headers")),
            body(response.get("body"))),
        number(entry.get("durationMs")).doubleValue(),
        (String) entry.get("errorCode"),
        Collections.unmodifiableMap(entry));
  }

  /** The entries of {@code GET /_emulator/journal}'s answer (or any list of entries). */
  static List<JournalEntry> list(Object json) {
    if (!(json instanceof List<?> items)) {
      throw new CcemuException("ccemu answered no list of journal entries: " + json);
    }
    List<JournalEntry> entries = new ArrayList<>();
    for (Object item : items) entries.add(of(item));
    return Collections.unmodifiableList(entries);
  }

  private static Body body(Object json) {
    if (json == null) return null;
    Map<String, Object> body = object(json, "a journal entry's body");
    return new Body((String) body.get("text"), number(body.get("size")).longValue(),
        Boolean.TRUE.equals(body.get("truncated")));
  }

  private static Map<String, String> texts(Object json) {
    Map<String, String> out = new LinkedHashMap<>();
    if (json instanceof Map<?, ?> map) map.forEach((k, v) -> out.put((String) k, (String) v));
    return Collections.unmodifiableMap(out);
  }

  static Number number(Object value) {
    return value instanceof Number n ? n : 0;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object json, String what) {
    if (!(json instanceof Map<?, ?>)) {
      throw new CcemuException("ccemu answered no object for " + what + ": " + json);
    }
    return (Map<String, Object>) json;
  }
}
