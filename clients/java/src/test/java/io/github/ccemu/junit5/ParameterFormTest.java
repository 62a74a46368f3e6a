package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/** The parameter form: ccemu's defaults, one instance for the class, given to each test. */
@ExtendWith(CcemuExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ParameterFormTest {
  static String firstUrl;

  @Test
  @Order(1)
  void getsAnInstance(Ccemu ccemu) {
    // The default clock is real: signed with the instance's time all the same.
    HttpResponse<String> robots = ccemu.call("POST", "/gateway/robot_list", "{\"robotStatus\":1}");
    assertEquals(200, robots.statusCode(), robots.body());
    assertTrue(robots.body().contains("\"robotDefId\":3001"), robots.body());
    firstUrl = ccemu.url();
  }

  @Test
  @Order(2)
  void sharesItAcrossTheClass(Ccemu ccemu) {
    assertEquals(firstUrl, ccemu.url());
    assertTrue(ccemu.journalJson().contains("\"/gateway/robot_list\""));
  }
}
