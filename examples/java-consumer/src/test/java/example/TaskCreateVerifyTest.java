package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ccemu.junit5.CcemuExtension;
import io.github.ccemu.junit5.JournalEntry;
import io.github.ccemu.junit5.Verify;
import io.github.ccemu.junit5.VerifyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Verify: did the service call task_create once with this name? And what came closest if not. */
class TaskCreateVerifyTest {
  @RegisterExtension
  static CcemuExtension ccemu = CcemuExtension.builder().perTest().clockManual().seed(1).build();

  @Test
  void createsTheTaskOnce() {
    // What the service under test sends; here the test sends it itself.
    ccemu.call("POST", "/gateway/task_create", "{\"enterpriseId\":\"7000001\","
        + "\"callJobName\":\"Spring campaign\",\"callJobType\":2,\"robotDefId\":3001,"
        + "\"userPhoneIds\":\"[501]\",\"concurrencyQuota\":1}");

    VerifyResult found = ccemu.verify(Verify.requested("/gateway/task_create")
        .withBody("$.callJobName", "Spring campaign")
        .withBodyMatching("$.userPhoneIds", "\\[\\d+\\]")
        .exactly(1));
    JournalEntry entry = found.entries().get(0); // a record: id, path, query, body, response…
    assertEquals(200, entry.response().status());

    // A verify that fails throws an AssertionError naming the nearest request and how it differs.
    AssertionError failed = assertThrows(AssertionError.class,
        () -> ccemu.verify(Verify.requested("/gateway/task_create")
            .withBody("$.callJobName", "Autumn campaign")));
    assertTrue(failed.getMessage().contains(
        "$.callJobName: expected \"Autumn campaign\", got \"Spring campaign\""), failed.getMessage());
  }
}
