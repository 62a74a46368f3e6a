package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code builder().config(Path)}: the team's ccemu.json, as ccemu start reads it. */
class ConfigFileTest {
  static final String CONFIG = """
      {
        // as a team commits it: comments are fine
        "clock": "manual",
        "clockStart": "2026-04-01T02:00:00Z",
        "seed": 31,
        "keys": [{ "accessKeyId": "java-file-key", "accessKeySecret": "s3cret",
                   "enterpriseId": "7000001" }],
        "faults": [{ "operation": "/gateway/robot_list",
                     "effect": { "type": "gateway", "status": 503 } }],
      }
      """;

  @RegisterExtension
  static CcemuExtension ccemu = CcemuExtension.builder().config(file(CONFIG)).build();

  /** The text in a temporary file, deleted when the JVM ends. */
  static Path file(String text) {
    try {
      Path file = Files.createTempFile("ccemu-", ".json");
      file.toFile().deleteOnExit();
      return Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void startsAsTheFileSays() {
    assertEquals(Instant.parse("2026-04-01T02:00:00Z"), ccemu.now());
    // The file's fault rule fires on the signed call.
    HttpResponse<String> robots =
        ccemu.call("POST", "/gateway/robot_list", "{\"robotStatus\":1}");
    assertEquals(503, robots.statusCode(), robots.body());
    HttpResponse<String> keys = ccemu.call("GET", "/_emulator/keys", null);
    assertTrue(keys.body().contains("\"java-file-key\""), keys.body());
  }

  @Test
  void aBadFileFailsTheClassWithThePathAndTheKeyMeant() {
    List<Throwable> failures = InnerRun.failures(WithBadFile.class);
    assertEquals(1, failures.size(), failures.toString());
    String message = failures.get(0).getMessage();
    assertTrue(failures.get(0) instanceof CcemuException, failures.get(0).toString());
    assertTrue(message.contains("$.clok: unknown key; did you mean `clock`?"), message);
  }

  @EnabledIfSystemProperty(named = InnerRun.PROPERTY, matches = "true")
  static class WithBadFile {
    @RegisterExtension
    static CcemuExtension ccemu =
        CcemuExtension.builder().config(file("{ \"clok\": \"manual\" }")).build();

    @Test
    void neverRuns() {
      throw new AssertionError("the class should have failed before its tests");
    }
  }
}
