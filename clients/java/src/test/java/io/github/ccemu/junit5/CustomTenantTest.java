package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A tenant of the test's own, given as JSON: its key is the one the extension signs with. */
class CustomTenantTest {
  static final String TENANT = """
      {
        "enterprises": [
          { "enterpriseId": "7000777", "name": "Java team tenant", "timeZone": "Europe/Berlin" }
        ],
        "accessKeys": [
          { "accessKeyId": "java-key", "accessKeySecret": "java-secret \\u00e9\\u4e2d",
            "enterpriseId": "7000777", "username": "java", "permissions": ["*"] }
        ]
      }
      """;

  @RegisterExtension
  static CcemuExtension ccemu = CcemuExtension.builder().fixturesJson(TENANT).clockManual().build();

  @Test
  void signsWithTheTenantsKey() {
    assertEquals("7000777", ccemu.enterpriseId());
    assertEquals("java-key", ccemu.accessKeyId());
    // The \\u escapes of the fixture, read back through the extension's JSON reader.
    assertEquals("java-secret é中", ccemu.accessKeySecret());

    HttpResponse<String> robots = ccemu.call("POST", "/gateway/robot_list", "{\"robotStatus\":1}");
    assertEquals(200, robots.statusCode(), robots.body());

    // The demo enterprise is not in this tenant: the key may not act for it.
    HttpResponse<String> other =
        ccemu.call("POST", "/gateway/task_list", "{\"enterpriseId\":\"7000001\"}");
    assertEquals(403, other.statusCode(), other.body());
    assertTrue(other.body().contains("UnauthorizedOperation"), other.body());
  }
}
