package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** perTest(): each method has an instance of its own, so what one writes the next never sees. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PerTestIsolationTest {
  @RegisterExtension
  static CcemuExtension ccemu = CcemuExtension.builder().perTest().clockManual().seed(1).build();

  static String firstUrl;

  @Test
  @Order(1)
  void writesATask(Ccemu given) {
    // The parameter and the field answer for the same instance.
    assertEquals(ccemu.url(), given.url());
    HttpResponse<String> created = ccemu.call("POST", "/gateway/task_create", Tasks.CREATE);
    assertEquals(200, created.statusCode(), created.body());
    assertEquals(1L, Tasks.total(ccemu));
    firstUrl = ccemu.url();
  }

  @Test
  @Order(2)
  void seesNoneOfIt() {
    assertNotNull(firstUrl, "writesATask ran first");
    assertNotEquals(firstUrl, ccemu.url());
    assertEquals(0L, Tasks.total(ccemu));
    // A journal of its own too: only the task_list just made.
    assertEquals(1, countOf(ccemu.journalJson(), "\"kind\":\"exchange\""));
    // And the first test's instance was removed from ccemu when that test ended.
    // (Where this JVM reaches them: in the container mode, their ports as published.)
    String open = ControlHttp.control("GET", process().url().resolve("/_emulator/instances"), null);
    List<String> urls = new ArrayList<>();
    for (Object instance : (List<?>) ((Map<?, ?>) Json.parse(open)).get("instances")) {
      String url = String.valueOf(((Map<?, ?>) instance).get("url"));
      urls.add(process().reachable(URI.create(url)).toString());
    }
    assertFalse(urls.contains(firstUrl), open);
    assertTrue(urls.contains(ccemu.url()), open);
  }

  private static CcemuProcess process() {
    // The launch the extension resolves with no builder settings: the container under
    // CCEMU_CONTAINER=1, else the command.
    return CcemuProcess.shared(LaunchCommand.resolve(null, null, false, null));
  }

  private static int countOf(String text, String part) {
    int count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) count++;
    return count;
  }
}
