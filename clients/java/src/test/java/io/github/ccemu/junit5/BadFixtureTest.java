package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A fixture ccemu refuses fails the test class with ccemu's message, which names the JSON path. */
class BadFixtureTest {
  @Test
  void failsWithCcemusMessage() {
    List<Throwable> failures = InnerRun.failures(WithBadFixture.class);
    assertEquals(1, failures.size(), failures.toString());
    String message = failures.get(0).getMessage();
    assertTrue(failures.get(0) instanceof CcemuException, failures.get(0).toString());
    assertTrue(message.contains("$.accessKeys[0].enterpriseId"), message);
    assertTrue(message.contains("no enterprise 7000009"), message);
  }

  @Test
  void refusesTextThatIsNoJsonObjectAtOnce() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> CcemuExtension.builder().fixturesJson("{\"enterprises\": [}"));
    assertTrue(refused.getMessage().contains("not valid JSON at character 17"), refused.getMessage());
  }

  /** A key of an enterprise the fixture does not have. */
  @EnabledIfSystemProperty(named = InnerRun.PROPERTY, matches = "true")
  static class WithBadFixture {
    @RegisterExtension
    static CcemuExtension ccemu = CcemuExtension.builder().fixturesJson("""
        {"enterprises": [{"enterpriseId": "7000001", "name": "t", "timeZone": "Asia/Shanghai"}],
         "accessKeys": [{"accessKeyId": "k", "accessKeySecret": "s", "enterpriseId": "7000009",
                         "username": "u", "permissions": ["*"]}]}
        """).build();

    @Test
    void neverRuns() {
      throw new AssertionError("the class should have failed before its tests");
    }
  }
}
