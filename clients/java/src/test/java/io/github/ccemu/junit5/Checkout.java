package io.github.ccemu.junit5;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The ccemu checkout the tests run against: {@code CCEMU_DIR}, which the pom's surefire
 * configuration sets to this clone (two folders up). The command is the extension's own choice
 * there ({@code npx --yes deno@2.9.6 task start --} in a clone, or {@code CCEMU_COMMAND}, e.g.
 * {@code deno task start --} where Deno is installed).
 */
final class Checkout {
  private Checkout() {}

  static Path directory() {
    String dir = System.getenv(LaunchCommand.DIRECTORY_ENV);
    if (dir == null || dir.isBlank()) {
      throw new IllegalStateException("set CCEMU_DIR to a ccemu checkout to run these tests (the"
          + " pom sets it to this clone: run them through Maven)");
    }
    return Path.of(dir);
  }

  /** The words that start ccemu here, as the extension resolves them with no builder settings. */
  static List<String> startCommand() {
    return LaunchCommand.resolve(null, null).words();
  }

  /** {@code ccemu sign}, run the way the extension runs {@code ccemu start}. */
  static List<String> signCommand() {
    String start = String.join(" ", startCommand());
    List<String> words = new ArrayList<>();
    if (start.contains("task start")) {
      words.addAll(LaunchCommand.split(start.replace("task start", "task sign")));
    } else {
      words.addAll(List.of("deno", "run", "-A", "main.ts", "sign"));
    }
    return words;
  }

  /** Runs {@code command} in the checkout; answers its standard output, or fails with both. */
  static String run(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).directory(directory().toFile())
        .redirectError(ProcessBuilder.Redirect.PIPE).start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new AssertionError(command + " failed:\n" + err + "\n" + out);
    }
    return out;
  }
}
