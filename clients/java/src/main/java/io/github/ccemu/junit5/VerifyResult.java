package io.github.ccemu.junit5;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * What {@link Ccemu#verify} found, as {@code POST /_emulator/journal/verify} answers it.
 *
 * @param passed whether the count of matching requests is the one expected
 * @param count how many journal entries matched
 * @param expected the count wanted, in words: {@code at least 1}, {@code exactly 2}
 * @param entries the matching entries, oldest first (at most 50)
 * @param nearMisses when too few matched: the entries that came closest (at most 3)
 * @param message what passed or failed, the near misses and how each differs
 */
public record VerifyResult(
    boolean passed,
    long count,
    String expected,
    List<JournalEntry> entries,
    List<NearMiss> nearMisses,
    String message) {

  /**
   * An entry that came close, and the matchers it did not meet.
   *
   * @param entryId the entry's id in the journal
   * @param method the request's method
   * @param path the request's path
   * @param status the answer's status
   * @param met how many matchers it met
   * @param of how many matchers there are
   * @param differences each matcher it did not meet
   */
  public record NearMiss(
      long entryId, String method, String path, int status, int met, int of,
      List<Difference> differences) {}

  /**
   * A matcher a request did not meet.
   *
   * @param path the matcher: {@code operation}, {@code status}, {@code query.name}, {@code $.x}
   * @param expected what it wanted (a value, or {@code {matches=regex}})
   * @param got what the request had there; null when it had nothing (or null)
   */
  public record Difference(String path, Object expected, Object got) {}

  static VerifyResult of(Object json) {
    Map<String, Object> result = JournalEntry.object(json, "a verify result");
    List<NearMiss> misses = new ArrayList<>();
    for (Object item : (List<?>) result.get("nearMisses")) {
      Map<String, Object> miss = JournalEntry.object(item, "a near miss");
      List<Difference> differences = new ArrayList<>();
      for (Object d : (List<?>) miss.get("differences")) {
        Map<String, Object> difference = JournalEntry.object(d, "a difference");
        differences.add(new Difference((String) difference.get("path"),
            difference.get("expected"), difference.get("got")));
      }
      misses.add(new NearMiss(
          JournalEntry.number(miss.get("entryId")).longValue(),
          (String) miss.get("method"),
          (String) miss.get("path"),
          JournalEntry.number(miss.get("status")).intValue(),
          JournalEntry.number(miss.get("met")).intValue(),
          JournalEntry.number(miss.get("of")).intValue(),
          Collections.unmodifiableList(differences)));
    }
    return new VerifyResult(
        Boolean.TRUE.equals(result.get("passed")),
        JournalEntry.number(result.get("count")).longValue(),
        (String) result.get("expected"),
        JournalEntry.list(result.get("entries")),
        Collections.unmodifiableList(misses),
        (String) result.get("message"));
  }
}
