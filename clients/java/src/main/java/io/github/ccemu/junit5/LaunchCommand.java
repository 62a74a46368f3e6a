package io.github.ccemu.junit5;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How to start ccemu: the command that runs {@code ccemu start} and the folder to run it in. Two
 * extensions with the same launch share one process (see {@link CcemuProcess#shared}), so this is
 * a value: equal commands in equal folders are equal.
 *
 * @param words the command split into words, without the flags the extension adds
 * @param directory where to run it, or null for the JVM's working directory
 */
record LaunchCommand(List<String> words, Path directory) {
  /** The published package; {@code --yes} so that npx never stops to ask in CI. */
  static final String DEFAULT_COMMAND = "npx --yes ccemu@0.1.0 start";

  /** Replaces {@link #DEFAULT_COMMAND}, e.g. {@code npx --yes deno@2.9.6 task start --}. */
  static final String COMMAND_ENV = "CCEMU_COMMAND";

  /** The folder to run the command in, e.g. a checkout of ccemu for {@code deno task start}. */
  static final String DIRECTORY_ENV = "CCEMU_DIR";

  /**
   * The builder's choice first (written in the test, on purpose), then the environment's (set by
   * CI or a developer's shell), then the default.
   */
  static LaunchCommand resolve(String command, Path directory) {
    String text = firstSet(command, System.getenv(COMMAND_ENV), DEFAULT_COMMAND);
    String folder = directory != null ? directory.toString() : blankToNull(System.getenv(DIRECTORY_ENV));
    List<String> words = split(text);
    if (words.isEmpty()) throw new IllegalArgumentException("the ccemu command is empty");
    return new LaunchCommand(List.copyOf(words),
        folder == null ? null : Path.of(folder).toAbsolutePath().normalize());
  }

  /**
   * What the process runs. {@code --port 0} takes a free port (read back from the first line);
   * {@code --until-stdin-closes} makes ccemu exit when the JVM does, however it ends, because the
   * JVM holds the other end of ccemu's standard input. Windows runs {@code npx} (a .cmd script)
   * only through cmd.exe.
   */
  List<String> processArguments() {
    List<String> arguments = new ArrayList<>();
    if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")) {
      arguments.add("cmd.exe");
      arguments.add("/c");
    }
    arguments.addAll(words);
    arguments.addAll(List.of("--port", "0", "--until-stdin-closes"));
    return arguments;
  }

  @Override
  public String toString() {
    return String.join(" ", processArguments())
        + (directory == null ? "" : " (in " + directory + ")");
  }

  /** Splits on spaces, keeping what is inside "double" or 'single' quotes together. */
  static List<String> split(String text) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (char c : text.toCharArray()) {
      if (quote != 0) {
        if (c == quote) quote = 0;
        else word.append(c);
      } else if (c == '"' || c == '\'') {
        quote = c;
        inWord = true;
      } else if (Character.isWhitespace(c)) {
        if (inWord) words.add(word.toString());
        word.setLength(0);
        inWord = false;
      } else {
        word.append(c);
        inWord = true;
      }
    }
    if (quote != 0) throw new IllegalArgumentException("unclosed quote in the ccemu command: " + text);
    if (inWord) words.add(word.toString());
    return words;
  }

  private static String firstSet(String... candidates) {
    for (String candidate : candidates) {
      if (blankToNull(candidate) != null) return candidate;
    }
    throw new IllegalStateException("no default");
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text;
  }
}
