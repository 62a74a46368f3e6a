package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;

/** ccemu exiting at start-up fails at once with what it printed, not after a time-out. */
class StartFailureTest {
  @Test
  void quotesWhatCcemuPrinted() {
    long started = System.nanoTime();
    List<Throwable> failures = InnerRun.failures(WithBadFlag.class);
    assertEquals(1, failures.size(), failures.toString());
    String message = failures.get(0).getMessage();
    assertTrue(message.contains("ccemu did not start"), message);
    assertTrue(message.contains("exited with status 2"), message);
    assertTrue(message.contains("--clock must be \"real\" or \"manual\", got \"sometimes\""), message);
    assertTrue(System.nanoTime() - started < 60_000_000_000L, "it waited for a time-out");
  }

  /** The checkout's command with a flag value ccemu refuses: a process of its own, that exits 2. */
  @EnabledIfSystemProperty(named = InnerRun.PROPERTY, matches = "true")
  static class WithBadFlag {
    @RegisterExtension
    static CcemuExtension ccemu = CcemuExtension.builder()
        .command(String.join(" ", Checkout.startCommand()) + " --clock sometimes").build();

    @Test
    void neverRuns() {
      throw new AssertionError("the class should have failed before its tests");
    }
  }
}
