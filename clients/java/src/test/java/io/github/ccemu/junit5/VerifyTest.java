package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * verify(): the result when the journal holds what a test expects, an AssertionError naming the
 * nearest request and how it differs when not; journal entries as records.
 */
class VerifyTest {
  @RegisterExtension
  static CcemuExtension ccemu = CcemuExtension.builder().perTest().clockManual().seed(1).build();

  @Test
  void passesAndFailsWithTheNearMisses() {
    HttpResponse<String> created = ccemu.call("POST", "/gateway/task_create", Tasks.CREATE);
    assertEquals(200, created.statusCode(), created.body());

    VerifyResult found = ccemu.verify(Verify.requested("/gateway/task_create")
        .withBody("$.callJobName", "Java follow-up")
        .withBody("$.robotDefId", 3001)
        .withStatus(200)
        .exactly(1));
    assertTrue(found.passed());
    assertEquals(1, found.count());
    assertEquals("/gateway/task_create", found.entries().get(0).path());
    ccemu.verify(Verify.requested("/gateway/task_create").withBodyMatching("$.callJobName", "Java.*"));
    ccemu.verify(Verify.requested("/gateway/task_list").atMost(0));

    AssertionError failed = assertThrows(AssertionError.class,
        () -> ccemu.verify(Verify.requested("/gateway/task_create")
            .withBody("$.callJobName", "Kotlin follow-up")
            .exactly(1)));
    assertEquals(String.join("\n",
        "verify failed: expected exactly 1 request matching /gateway/task_create with"
            + " $.callJobName = \"Kotlin follow-up\", found 0.",
        "Nearest requests (most matchers met first):",
        "  #1 POST /gateway/task_create → 200: met 1 of 2",
        "    $.callJobName: expected \"Kotlin follow-up\", got \"Java follow-up\""),
        failed.getMessage());
  }

  @Test
  void theResultCarriesTheNearMissesAsRecords() {
    ccemu.call("POST", "/gateway/task_create", Tasks.CREATE);
    ccemu.verify(Verify.anyRequest().withStatus("2xx").withQuery("AccessKeyId", "ccemu-demo-key"));
    // Too few: the result is thrown; the control API still answers it, read here as a record.
    String answer = ControlHttp.control("POST", java.net.URI.create(ccemu.url()
        + "/_emulator/journal/verify"), Verify.requested("/gateway/task_create")
        .withBody("$.concurrencyQuota", 2).toJson());
    VerifyResult result = VerifyResult.of(Json.parse(answer));
    assertEquals(false, result.passed());
    assertEquals(List.of(new VerifyResult.Difference("$.concurrencyQuota", 2L, 1L)),
        result.nearMisses().get(0).differences());
  }

  @Test
  void aMalformedVerifyNamesTheField() {
    CcemuException refused = assertThrows(CcemuException.class,
        () -> ccemu.verify(Verify.requested("/gateway/task_create").withBody("callJobName", "X")));
    assertTrue(refused.getMessage().contains("match.body.callJobName: not a JSON path"),
        refused.getMessage());
    CcemuException unknown = assertThrows(CcemuException.class,
        () -> ccemu.verify(Verify.requested("/gateway/task_creat")));
    assertTrue(unknown.getMessage().contains("did you mean `/gateway/task_create`?"),
        unknown.getMessage());
  }

  @Test
  void journalEntriesAreRecords() {
    ccemu.call("POST", "/gateway/task_create", Tasks.CREATE);
    List<JournalEntry> journal = ccemu.journal();
    assertEquals(1, journal.size());
    JournalEntry entry = journal.get(0);
    assertEquals(1L, entry.id());
    assertEquals("exchange", entry.kind());
    assertEquals("outbound", entry.area());
    assertEquals("POST", entry.method());
    assertEquals(List.of("ccemu-demo-key"), entry.query().get("AccessKeyId"));
    assertEquals(200, entry.response().status());
    assertEquals("Java follow-up", ((Map<?, ?>) entry.body().json()).get("callJobName"));
    assertTrue(entry.response().body().text().contains("\"callJobId\""));
  }
}
