package io.github.ccemu.junit5;

import java.nio.file.Files;
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
 * @param container whether {@code words} run the image ({@link ContainerLaunch}) rather than ccemu
 */
record LaunchCommand(List<String> words, Path directory, boolean container) {
  /**
   * The npm package ccemu 0.1.0: npx takes it from the folder's {@code node_modules} when it is
   * installed there (the tarball, say), else from the registry; {@code --yes} so that npx never
   * stops to ask in CI.
   */
  static final String DEFAULT_COMMAND = "npx --yes ccemu@0.1.0 start";

  /** In a clone of ccemu: its own {@code deno task start}, with Deno 2.9 from npm. */
  static final String CLONE_COMMAND = "npx --yes deno@2.9.6 task start --";

  /** Replaces the default command, e.g. {@code deno task start --} where Deno is installed. */
  static final String COMMAND_ENV = "CCEMU_COMMAND";

  /** The folder to run the command in, e.g. a clone of ccemu. */
  static final String DIRECTORY_ENV = "CCEMU_DIR";

  /**
   * The builder's choice first (written in the test, on purpose), then the environment's (set by
   * CI, a developer's shell, or the pom's surefire configuration), then the default for the folder
   * the command runs in: {@link #CLONE_COMMAND} in a clone of ccemu, else {@link #DEFAULT_COMMAND}.
   */
  static LaunchCommand resolve(String command, Path directory) {
    return resolve(command, directory, System.getenv(COMMAND_ENV), System.getenv(DIRECTORY_ENV));
  }

  /**
   * {@link #resolve(String, Path)}, or the container ({@link ContainerLaunch}) when asked for, or
   * when no command is named and there is no npx on the PATH but podman or docker.
   */
  static LaunchCommand resolve(String command, Path directory, boolean container, String image) {
    String path = System.getenv("PATH");
    if (ContainerLaunch.wanted(container, command, System.getenv(COMMAND_ENV),
        System.getenv(ContainerLaunch.CONTAINER_ENV), path)) {
      return ContainerLaunch.launch(image != null ? image : System.getenv(ContainerLaunch.IMAGE_ENV),
          path);
    }
    return resolve(command, directory);
  }

  /** {@link #resolve(String, Path)} with the environment's two values given. */
  static LaunchCommand resolve(String command, Path directory, String commandEnv, String dirEnv) {
    String folder = directory != null ? directory.toString() : blankToNull(dirEnv);
    Path where = folder == null ? null : Path.of(folder).toAbsolutePath().normalize();
    String text = firstSet(command, commandEnv, defaultCommand(where));
    List<String> words = split(text);
    if (words.isEmpty()) throw new IllegalArgumentException("the ccemu command is empty");
    return new LaunchCommand(List.copyOf(words), where, false);
  }

  /** {@link #CLONE_COMMAND} where {@code folder} (null: the JVM's own) is a clone of ccemu. */
  static String defaultCommand(Path folder) {
    Path dir = folder != null ? folder : Path.of("").toAbsolutePath();
    return isClone(dir) ? CLONE_COMMAND : DEFAULT_COMMAND;
  }

  /** A clone of ccemu: its deno.json (which has the start task), main.ts and emulator/ folder. */
  static boolean isClone(Path dir) {
    return Files.isRegularFile(dir.resolve("deno.json"))
        && Files.isRegularFile(dir.resolve("main.ts"))
        && Files.isDirectory(dir.resolve("emulator"));
  }

  /**
   * What the process runs. {@code --port 0} takes a free port (read back from the first line);
   * {@code --until-stdin-closes} makes ccemu exit when the JVM does, however it ends, because the
   * JVM holds the other end of ccemu's standard input. Windows runs {@code npx} (a .cmd script)
   * only through cmd.exe.
   */
  List<String> processArguments() {
    // The image's own port stays 8686, the one published; the engine adds its name at start.
    if (container) return ContainerLaunch.arguments(words, "NAME");
    List<String> arguments = new ArrayList<>();
    if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows")) {
      arguments.add("cmd.exe");
      arguments.add("/c");
    }
    arguments.addAll(words);
    arguments.addAll(List.of("--port", "0", "--until-stdin-closes"));
    return arguments;
  }

  /** What to change when this launch fails: the ways to name ccemu, in the order they count. */
  String hint() {
    Path folder = directory != null ? directory : Path.of("").toAbsolutePath();
    if (container) {
      return "(the image is built from a clone of ccemu: docs/container.md; the builder's image(),"
          + " else " + ContainerLaunch.IMAGE_ENV + ", names it, default "
          + ContainerLaunch.DEFAULT_IMAGE + ")";
    }
    String ways = "the builder's command(), else " + COMMAND_ENV + ", sets the command, and its"
        + " directory(), else " + DIRECTORY_ENV + ", the folder it runs in";
    if (!words.equals(split(DEFAULT_COMMAND))) return "(" + ways + ")";
    return "(this is the npm package ccemu 0.1.0, which npx takes from "
        + folder.resolve("node_modules") + " when it is installed there, else from the npm"
        + " registry. Set " + DIRECTORY_ENV + " to a clone of ccemu (it then runs '"
        + CLONE_COMMAND + "' there),"
        + " or install the package in that folder (npm install /path/to/ccemu-0.1.0.tgz), or"
        + " set " + COMMAND_ENV + " to a command that runs ccemu start. In order: " + ways + ")";
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
