package io.github.ccemu.junit5;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@link Ccemu#verify} checks, built fluently, after WireMock's
 * {@code verify(exactly(1), postRequestedFor(...).withRequestBody(matchingJsonPath(...)))}:
 *
 * <pre>{@code
 * ccemu.verify(Verify.requested("/gateway/task_create")
 *     .withBody("$.callJobName", "Spring")
 *     .exactly(1));
 * }</pre>
 *
 * <p>Every matcher given must hold; the count is at least one unless {@link #exactly},
 * {@link #atLeast} or {@link #atMost} says otherwise. It is the body of ccemu's
 * {@code POST /_emulator/journal/verify} (docs/control-api.md), written by {@link #toJson()}.
 */
public final class Verify {
  private final Map<String, Object> match = new LinkedHashMap<>();
  private final Map<String, Object> query = new LinkedHashMap<>();
  private final Map<String, Object> body = new LinkedHashMap<>();
  private final Map<String, Object> count = new LinkedHashMap<>();
  private Long since;

  private Verify() {}

  /** Requests to a signed operation, by its path ({@code /gateway/task_create}). */
  public static Verify requested(String operation) {
    Verify verify = new Verify();
    verify.match.put("operation", operation);
    return verify;
  }

  /** Requests to any path, exactly (a storage path, a push to an agent). */
  public static Verify requestedPath(String path) {
    Verify verify = new Verify();
    verify.match.put("path", path);
    return verify;
  }

  /** Any request; narrow it with the {@code with…} matchers. */
  public static Verify anyRequest() {
    return new Verify();
  }

  /** The request's method ({@code GET}, {@code POST}). */
  public Verify withMethod(String method) {
    match.put("method", method);
    return this;
  }

  /** The answer's status, exactly. */
  public Verify withStatus(int status) {
    match.put("status", status);
    return this;
  }

  /** The answer's status class: {@code "4xx"}. */
  public Verify withStatus(String statusClass) {
    match.put("status", statusClass);
    return this;
  }

  /** The area: {@code outbound}, {@code kb}, {@code gateway} or {@code storage}. */
  public Verify withArea(String area) {
    match.put("area", area);
    return this;
  }

  /** The journal entry's kind: {@code exchange}, {@code push}, {@code sms}, {@code callback}. */
  public Verify withKind(String kind) {
    match.put("kind", kind);
    return this;
  }

  /** A query parameter with this value (any of its values, when repeated). */
  public Verify withQuery(String name, String value) {
    query.put(name, value);
    return this;
  }

  /** A query parameter whose whole value the regular expression matches. */
  public Verify withQueryMatching(String name, String regex) {
    query.put(name, Map.of("matches", regex));
    return this;
  }

  /**
   * The value at a JSON path of the body ({@code $.callJobName}, {@code $.list[0].phone},
   * {@code $.list[*].phone} for any element): a String, Number, Boolean, null, Map or List,
   * compared as JSON (text and numbers as text).
   */
  public Verify withBody(String jsonPath, Object value) {
    body.put(jsonPath, value);
    return this;
  }

  /** A body value whose whole text the regular expression matches. */
  public Verify withBodyMatching(String jsonPath, String regex) {
    body.put(jsonPath, Map.of("matches", regex));
    return this;
  }

  /** Exactly {@code n} matching requests. */
  public Verify exactly(int n) {
    count.clear();
    count.put("exactly", n);
    return this;
  }

  /** At least {@code n} matching requests (with {@link #atMost}, a range). */
  public Verify atLeast(int n) {
    count.remove("exactly");
    count.put("atLeast", n);
    return this;
  }

  /** At most {@code n} matching requests ({@code atMost(0)}: none). */
  public Verify atMost(int n) {
    count.remove("exactly");
    count.put("atMost", n);
    return this;
  }

  /** Only journal entries after this one (the last entry's id before the test acted). */
  public Verify since(long entryId) {
    since = entryId;
    return this;
  }

  /** The request body of {@code POST /_emulator/journal/verify}. */
  public String toJson() {
    Map<String, Object> matchJson = new LinkedHashMap<>(match);
    if (!query.isEmpty()) matchJson.put("query", query);
    if (!body.isEmpty()) matchJson.put("body", body);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("match", matchJson);
    if (!count.isEmpty()) out.put("count", count);
    if (since != null) out.put("since", since);
    return Json.write(out);
  }

  @Override
  public String toString() {
    return toJson();
  }
}
