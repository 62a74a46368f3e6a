package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every member of the extension, in the README's form: one instance for the class. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RegisteredExtensionTest {
  @RegisterExtension
  static CcemuExtension ccemu = CcemuExtension.builder().clockManual().seed(1).build();

  /** The manual clock's fixed start: Monday 09:00 in Shanghai. */
  static final Instant MANUAL_START = Instant.parse("2026-01-05T01:00:00Z");

  @Test
  @Order(1)
  void describesItsInstance() {
    URI url = URI.create(ccemu.url());
    assertEquals("http", url.getScheme());
    assertEquals("127.0.0.1", ccemu.host());
    assertEquals(url.getPort(), ccemu.port());
    assertTrue(ccemu.port() > 0);
    assertEquals("ccemu-demo-key", ccemu.accessKeyId());
    assertEquals("ccemu-demo-secret", ccemu.accessKeySecret());
    assertEquals("7000001", ccemu.enterpriseId());
  }

  @Test
  @Order(2)
  void signsPostAndGetWithTheVirtualTime() {
    assertEquals(MANUAL_START, ccemu.now());
    HttpResponse<String> robots = ccemu.call("POST", "/gateway/robot_list", "{\"robotStatus\":1}");
    assertEquals(200, robots.statusCode(), robots.body());
    assertTrue(robots.body().contains("信用卡分期回访"), robots.body());

    HttpResponse<String> repositories = ccemu.call("GET", "/aikb/list_public_repositories");
    assertEquals(200, repositories.statusCode(), repositories.body());
    // The first repository's tree: a GET whose business parameters are signed too.
    Object first = ((java.util.List<?>) Json.member(Json.parse(repositories.body()), "result")).get(0);
    HttpResponse<String> tree = ccemu.call("GET",
        "/aikb/list_directory_tree?repositoryId=" + Json.member(first, "id") + "&type=FAQ");
    assertEquals(200, tree.statusCode(), tree.body());
  }

  @Test
  @Order(3)
  void movesTheClock() {
    Instant before = ccemu.now();
    ccemu.advanceClock(Duration.ofMinutes(5));
    assertEquals(before.plus(Duration.ofMinutes(5)), ccemu.now());

    Instant later = Instant.parse("2026-03-02T02:00:00Z");
    ccemu.setClock(later);
    assertEquals(later, ccemu.now());
    // Signed with the moved clock's time, or ccemu would refuse it as expired.
    assertEquals(200, ccemu.call("POST", "/gateway/robot_list", "{\"robotStatus\":1}").statusCode());
  }

  @Test
  @Order(4)
  void journalsEveryExchange() {
    String journal = ccemu.journalJson();
    assertTrue(journal.contains("\"/gateway/robot_list\""), journal);
    assertTrue(journal.contains("\"/aikb/list_directory_tree\""), journal);
  }

  @Test
  @Order(5)
  void resetsToTheFixtures() {
    HttpResponse<String> created = ccemu.call("POST", "/gateway/task_create", Tasks.CREATE);
    assertEquals(200, created.statusCode(), created.body());
    assertEquals(1L, Tasks.total(ccemu));

    ccemu.reset();
    assertEquals(0L, Tasks.total(ccemu));
  }
}
