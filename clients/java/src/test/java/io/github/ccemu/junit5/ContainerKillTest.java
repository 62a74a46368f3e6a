package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The container mode's promise: a JVM killed with SIGKILL (no shutdown hook runs) leaves no
 * container behind. A child JVM starts ccemu's image the way the extension does and prints where
 * it answers; it is killed, and the engine must then list no container of the extension's label
 * that was not there before. Skipped without podman or docker on the PATH, or without the image
 * (docs/container.md builds it), or where the engine cannot run it, except under CI, which has
 * all of them.
 */
class ContainerKillTest {
  @Test
  void aKilledJvmLeavesNoContainer() throws Exception {
    String engine = ContainerLaunch.engine(System.getenv("PATH"));
    boolean ci = "true".equals(System.getenv("CI"));
    assumeTrue(ci || engine != null, "no podman or docker on the PATH");
    String image = System.getenv().getOrDefault(ContainerLaunch.IMAGE_ENV,
        ContainerLaunch.DEFAULT_IMAGE);
    assumeTrue(ci || run(engine, "image", "inspect", image).exitValue() == 0,
        "no image " + image + " (tools/container/build.sh makes it)");
    // podman here may need CONTAINERS_CONF=tools/container/containers.conf (.ci/run sets it).
    assumeTrue(ci || run(engine, "run", "--rm", "--entrypoint", "true", image).exitValue() == 0,
        engine + " cannot run " + image + " here (podman: try CONTAINERS_CONF="
            + "tools/container/containers.conf)");
    Set<String> before = containers(engine);

    String java = ProcessHandle.current().info().command().orElse("java");
    Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
        ContainerChild.class.getName()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    try {
      BufferedReader out = new BufferedReader(
          new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      String url = out.readLine();
      assertTrue(url != null && url.startsWith("http://127.0.0.1:"), "the child said " + url);
      HttpResponse<String> health = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create(url + "/_emulator/health")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(200, health.statusCode(), health.body());
      assertTrue(containers(engine).size() > before.size(), "the child's container is listed");
    } finally {
      child.destroyForcibly(); // SIGKILL: no shutdown hook runs in the child
      child.waitFor(10, TimeUnit.SECONDS);
    }
    Set<String> after = containers(engine);
    for (int i = 0; i < 100 && !before.containsAll(after); i++) {
      Thread.sleep(200);
      after = containers(engine);
    }
    after.removeAll(before);
    assertEquals(Set.of(), after, "containers left after the JVM was killed");
  }

  /** The extension's containers (by its label), running or not. */
  private static Set<String> containers(String engine) throws IOException, InterruptedException {
    Process ps = run(engine, "ps", "--all", "--filter", "label=" + ContainerLaunch.LABEL,
        "--format", "{{.Names}}");
    String text = new String(ps.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new TreeSet<>(List.of(text.strip().split("\\s+"))).stream()
        .filter(name -> !name.isEmpty()).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
  }

  private static Process run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    process.waitFor(60, TimeUnit.SECONDS);
    return process;
  }
}
