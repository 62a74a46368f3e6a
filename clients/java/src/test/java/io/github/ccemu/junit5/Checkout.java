package io.github.ccemu.junit5;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The ccemu checkout the tests run against: {@code CCEMU_DIR}, with {@code CCEMU_COMMAND} saying
 * how Deno is run there ({@code deno task start --} here, {@code npx --yes deno@2.9.6 task start
 * --} in CI, where no deno is on the PATH).
 */
final class Checkout {
  private Checkout() {}

  static Path directory() {
    String dir = System.getenv(LaunchCommand.DIRECTORY_ENV);
    if (dir == null || dir.isBlank()) {
      throw new IllegalStateException("set CCEMU_DIR to a ccemu checkout (and CCEMU_COMMAND,"
          + " e.g. \"deno task start --\") to run these tests");
    }
    return Path.of(dir);
  }

  /** {@code ccemu sign}, run the way CCEMU_COMMAND runs {@code ccemu start}. */
  static List<String> signCommand() {
    String start = System.getenv(LaunchCommand.COMMAND_ENV);
    List<String> words = new ArrayList<>();
    if (start != null && start.contains("task start")) {
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
