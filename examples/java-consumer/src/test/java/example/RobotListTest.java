package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ccemu.junit5.CcemuExtension;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The extension's README example, whole: calls signed by the extension, on a manual clock. */
class RobotListTest {
  @RegisterExtension
  static CcemuExtension ccemu = CcemuExtension.builder().clockManual().seed(1).build();

  @Test
  void listsRobots() {
    // Signed as the vendor's SDK signs, with this instance's key and its virtual time.
    HttpResponse<String> r = ccemu.call("POST", "/gateway/robot_list", "{\"robotStatus\":1}");
    assertEquals(200, r.statusCode(), r.body());

    // GET: the business parameters go on the query string, and are signed too. Repository 101
    // is the demo tenant's FAQ repository (fixtures/default/kb.json).
    HttpResponse<String> tree =
        ccemu.call("GET", "/aikb/list_directory_tree?repositoryId=101&type=FAQ");
    assertEquals(200, tree.statusCode(), tree.body());

    ccemu.advanceClock(Duration.ofMinutes(5)); // virtual time, instantly; due calls are dialed
    ccemu.setClock(Instant.parse("2026-03-02T02:00:00Z"));
    String journal = ccemu.journalJson();      // GET /_emulator/journal, as JSON text
    assertTrue(journal.contains("\"/aikb/list_directory_tree\""), journal);
    ccemu.reset();                             // back to the fixtures
  }
}
