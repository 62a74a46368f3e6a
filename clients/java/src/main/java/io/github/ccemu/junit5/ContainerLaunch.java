package io.github.ccemu.junit5;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ccemu as a container (docs/container.md): where there is a container engine but no Node, or
 * when asked. The image runs with {@code --rm}, its port 8686 and the instances' ports published
 * on random loopback ports, and its standard input attached to the JVM's pipe, so that the JVM's
 * end, however it ends, closes ccemu's input and ccemu, then the container, stops and is removed.
 */
final class ContainerLaunch {
  /** Asks for the container whatever else is there. */
  static final String CONTAINER_ENV = "CCEMU_CONTAINER";
  /** The image to run (default {@link #DEFAULT_IMAGE}, as docs/container.md builds it). */
  static final String IMAGE_ENV = "CCEMU_IMAGE";
  static final String DEFAULT_IMAGE = "ccemu";
  /** Every container this extension starts carries it: `podman ps --filter label=...`. */
  static final String LABEL = "io.github.ccemu.junit5";
  /** ccemu's own port in the image, and the ports its instances take (--instance-ports). */
  static final int PORT = 8686;
  static final int FIRST_INSTANCE_PORT = 8687;
  static final int INSTANCE_PORTS = 16;

  private static final Pattern MAPPING =
      Pattern.compile("^(\\d+)/tcp -> [^\\s]*?:(\\d+)\\s*$", Pattern.MULTILINE);

  private ContainerLaunch() {}

  /**
   * Whether to run the container. The builder's choice first, as the command's (written in the
   * test, on purpose): its {@code container()}, then its {@code command(...)}; then the
   * environment's, {@code CCEMU_CONTAINER=1} before {@code CCEMU_COMMAND}; with none of them, the
   * container where there is no {@code npx} on the PATH but a container engine.
   */
  static boolean wanted(boolean asked, String command, String commandEnv, String containerEnv,
      String path) {
    if (asked) return true;
    if (notBlank(command)) return false;
    if ("1".equals(containerEnv) || "true".equalsIgnoreCase(containerEnv)) return true;
    if (notBlank(commandEnv)) return false;
    return onPath("npx", path) == null && engine(path) != null;
  }

  /** podman, else docker, as found on the PATH; null when neither is. */
  static String engine(String path) {
    Path podman = onPath("podman", path);
    if (podman != null) return podman.toString();
    Path docker = onPath("docker", path);
    return docker == null ? null : docker.toString();
  }

  /** The launch: the engine's run command with the image and ccemu's flags. */
  static LaunchCommand launch(String image, String path) {
    String engine = engine(path);
    if (engine == null) {
      throw new CcemuException("the container mode needs podman or docker on the PATH, and"
          + " neither is there (PATH=" + path + ")");
    }
    List<String> words = new ArrayList<>(List.of(engine, "run", "--rm", "-i", "--no-healthcheck",
        "-p", "127.0.0.1::" + PORT));
    for (int port = FIRST_INSTANCE_PORT; port < FIRST_INSTANCE_PORT + INSTANCE_PORTS; port++) {
      words.addAll(List.of("-p", "127.0.0.1::" + port));
    }
    words.add(notBlank(image) ? image : DEFAULT_IMAGE);
    words.addAll(List.of("--instance-ports",
        FIRST_INSTANCE_PORT + "-" + (FIRST_INSTANCE_PORT + INSTANCE_PORTS - 1)));
    return new LaunchCommand(List.copyOf(words), null, true);
  }

  /** A name for one run: the container's name and label, to find (and remove) it by. */
  static String newName() {
    return "ccemu-junit5-" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** The launch's words with this run's name and label after {@code ENGINE run}. */
  static List<String> arguments(List<String> words, String name) {
    List<String> arguments = new ArrayList<>(words.subList(0, 2));
    arguments.addAll(List.of("--name", name, "--label", LABEL + "=" + name));
    arguments.addAll(words.subList(2, words.size()));
    arguments.add("--until-stdin-closes");
    return arguments;
  }

  /** {@code ENGINE port NAME}: each published container port and the host port it has. */
  static Map<Integer, Integer> publishedPorts(String engine, String name) {
    String text = run(engine, "port", name);
    Map<Integer, Integer> ports = new HashMap<>();
    Matcher matcher = MAPPING.matcher(text);
    while (matcher.find()) {
      ports.put(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }
    if (!ports.containsKey(PORT)) {
      throw new CcemuException(engine + " port " + name + " names no host port for " + PORT
          + ": " + text);
    }
    return ports;
  }

  /** {@code ENGINE rm -f NAME}: the container gone, whatever state it was in. */
  static void remove(String engine, String name) {
    try {
      run(engine, "rm", "--force", name);
    } catch (CcemuException e) {
      // Already removed (--rm) is the usual case.
    }
  }

  private static String run(String... command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      String out = new String(process.getInputStream().readAllBytes());
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new CcemuException(String.join(" ", command) + " failed: " + out);
      }
      return out;
    } catch (java.io.IOException e) {
      throw new CcemuException("could not run " + String.join(" ", command) + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CcemuException("interrupted: " + String.join(" ", command), e);
    }
  }

  static Path onPath(String program, String path) {
    if (path == null) return null;
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) continue;
      Path candidate = Path.of(dir, program);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) return candidate;
    }
    return null;
  }

  private static boolean notBlank(String text) {
    return text != null && !text.isBlank();
  }
}
