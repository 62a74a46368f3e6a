package io.github.ccemu.junit5;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ccemu process a JVM's tests share: started once, on first use, and stopped with the JVM.
 * Starting ccemu costs a second or more (npx, Deno, the app); an instance inside it costs
 * milliseconds, so test classes get instances ({@link CcemuInstance}) rather than processes.
 */
final class CcemuProcess {
  /** ccemu's first line, machine-readable by design; launchers (npx, deno task) may print before it. */
  private static final Pattern LISTENING = Pattern.compile("^ccemu listening on (http://\\S+)");

  /** A cold {@code npx --yes} downloads ccemu and Deno first: minutes on a slow link. */
  private static final long START_TIMEOUT_MS = TimeUnit.MINUTES.toMillis(5);

  /** Per launch: the running process, or the exception its start-up failed with. */
  private static final Map<LaunchCommand, Object> SHARED = new HashMap<>();

  private final Process process;
  /** Held and never written or closed: its closing (the JVM's end) is what stops ccemu. */
  @SuppressWarnings("unused")
  private final OutputStream stdin;
  private final URI url;
  /** A container's published ports (its port to the host's); empty for a process. */
  private final Map<Integer, Integer> ports;

  private CcemuProcess(Process process, URI url, Map<Integer, Integer> ports) {
    this.process = process;
    this.stdin = process.getOutputStream();
    this.url = url;
    this.ports = ports;
  }

  /** The process for {@code launch}, started now if this JVM has none alive yet. */
  static synchronized CcemuProcess shared(LaunchCommand launch) {
    Object known = SHARED.get(launch);
    if (known instanceof CcemuProcess running && running.process.isAlive()) return running;
    // A failed start is not retried for every test class: the same command would fail the same way.
    if (known instanceof CcemuException failed) {
      throw new CcemuException("ccemu failed to start earlier in this JVM: " + failed.getMessage());
    }
    try {
      CcemuProcess started = start(launch);
      SHARED.put(launch, started);
      return started;
    } catch (CcemuException e) {
      SHARED.put(launch, e);
      throw e;
    }
  }

  /** Where the process listens: its control API creates and removes instances. */
  URI url() {
    return url;
  }

  /**
   * Where this JVM reaches an address ccemu gave (an instance's): in a container, its published
   * port on loopback instead of the container's own port.
   */
  URI reachable(URI address) {
    if (ports.isEmpty()) return address;
    Integer port = ports.get(address.getPort());
    if (port == null) {
      throw new CcemuException("ccemu's container listens on " + address + ", a port it does"
          + " not publish (published: " + ports.keySet() + ")");
    }
    return URI.create("http://127.0.0.1:" + port + address.getRawPath());
  }

  private static CcemuProcess start(LaunchCommand launch) {
    String name = launch.container() ? ContainerLaunch.newName() : null;
    ProcessBuilder builder = new ProcessBuilder(launch.container()
        ? ContainerLaunch.arguments(launch.words(), name) : launch.processArguments());
    if (launch.directory() != null) builder.directory(launch.directory().toFile());
    Process process;
    try {
      process = builder.start(); // standard input stays a pipe: ProcessBuilder's default
    } catch (IOException e) {
      throw new CcemuException("could not run " + launch + ": " + e.getMessage()
          + "\n--- " + launch.hint(), e);
    }
    CompletableFuture<URI> listening = new CompletableFuture<>();
    OutputTail stdout = OutputTail.drain(process.getInputStream(), "stdout", line -> {
      Matcher matcher = LISTENING.matcher(line);
      if (matcher.find()) listening.complete(URI.create(matcher.group(1)));
    });
    OutputTail stderr = OutputTail.drain(process.getErrorStream(), "stderr", line -> {});
    // An exit before the line is a failed start: report it now, not after the time-out.
    process.onExit().thenRun(() -> listening.complete(null));
    URI url = awaitListening(listening, process, launch, stdout, stderr);
    Map<Integer, Integer> ports = Map.of();
    if (name != null) {
      String engine = launch.words().get(0);
      // Removed at the JVM's exit, as a belt to --rm's braces (a kill -9 skips this; then the
      // closed standard input stops ccemu and --rm removes the container).
      Runtime.getRuntime().addShutdownHook(new Thread(
          () -> ContainerLaunch.remove(engine, name), "ccemu container removal"));
      try {
        ports = ContainerLaunch.publishedPorts(engine, name);
      } catch (CcemuException e) {
        destroyTree(process);
        throw e;
      }
      url = URI.create("http://127.0.0.1:" + ports.get(ContainerLaunch.PORT));
    }
    CcemuProcess started = new CcemuProcess(process, url, ports);
    Runtime.getRuntime().addShutdownHook(new Thread(started::destroy, "ccemu shutdown"));
    return started;
  }

  private static URI awaitListening(CompletableFuture<URI> listening, Process process,
      LaunchCommand launch, OutputTail stdout, OutputTail stderr) {
    try {
      URI url = listening.get(START_TIMEOUT_MS, TimeUnit.MILLISECONDS);
      if (url != null) return url;
      // Let the drainers reach the end of the pipes: the last lines say why it stopped.
      stdout.awaitEnd(5000);
      stderr.awaitEnd(5000);
      throw failure(launch, "exited with status " + process.exitValue(), stdout, stderr);
    } catch (TimeoutException e) {
      destroyTree(process);
      throw failure(launch, "printed no 'ccemu listening on' line in "
          + START_TIMEOUT_MS / 1000 + " s", stdout, stderr);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      destroyTree(process);
      throw new CcemuException("interrupted while starting " + launch, e);
    } catch (ExecutionException e) {
      throw new CcemuException("could not start " + launch, e.getCause());
    }
  }

  private static CcemuException failure(LaunchCommand launch, String what, OutputTail stdout,
      OutputTail stderr) {
    return new CcemuException("ccemu did not start: " + launch + " " + what
        + "\n--- its stderr ---\n" + stderr.text()
        + "\n--- its stdout ---\n" + stdout.text()
        + "\n--- " + launch.hint());
  }

  private void destroy() {
    destroyTree(process);
  }

  /**
   * The launcher (npx, deno task, cmd.exe) and what it started: a launcher passes no signal on,
   * so its children are stopped here one by one; should the JVM die before this runs, the
   * closing of their standard input stops ccemu.
   */
  private static void destroyTree(Process process) {
    process.descendants().forEach(ProcessHandle::destroy);
    process.destroy();
  }
}
