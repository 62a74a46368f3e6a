package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchCommandTest {
  @Test
  void splitsOnSpacesOutsideQuotes() {
    assertEquals(List.of("npx", "--yes", "deno@2.9.6", "task", "start", "--"),
        LaunchCommand.split("  npx --yes deno@2.9.6   task start -- "));
    assertEquals(List.of("run", "my dir/ccemu", "a'b", ""),
        LaunchCommand.split("run \"my dir/ccemu\" \"a'b\" ''"));
    assertThrows(IllegalArgumentException.class, () -> LaunchCommand.split("run \"open"));
  }

  @Test
  void appendsThePortAndTheStdinFlag() {
    LaunchCommand launch = LaunchCommand.resolve("ccemu start --sign-host api.example.com",
        Path.of("relative"));
    List<String> arguments = launch.processArguments();
    assertEquals(List.of("ccemu", "start", "--sign-host", "api.example.com", "--port", "0",
        "--until-stdin-closes"), arguments.subList(arguments.size() - 7, arguments.size()));
    assertEquals(Path.of("relative").toAbsolutePath().normalize(), launch.directory());
  }

  /** The order the README gives: builder, then environment, then the folder's default. */
  @Test
  void takesTheBuilderThenTheEnvironmentThenTheFoldersDefault(@TempDir Path clone,
      @TempDir Path project) throws IOException {
    Files.writeString(clone.resolve("deno.json"), "{}");
    Files.writeString(clone.resolve("main.ts"), "");
    Files.createDirectory(clone.resolve("emulator"));

    LaunchCommand inClone = LaunchCommand.resolve(null, null, null, clone.toString());
    assertEquals(LaunchCommand.split("npx --yes deno@2.9.6 task start --"), inClone.words());
    assertEquals(clone, inClone.directory());
    LaunchCommand inProject = LaunchCommand.resolve(null, project, null, clone.toString());
    assertEquals(LaunchCommand.split("npx --yes ccemu@0.1.0 start"), inProject.words());
    assertEquals(project, inProject.directory());

    assertEquals(List.of("deno", "task", "start", "--"),
        LaunchCommand.resolve(null, null, "deno task start --", clone.toString()).words());
    assertEquals(List.of("ccemu", "start"),
        LaunchCommand.resolve("ccemu start", null, "deno task start --", " ").words());
  }

  /** A failed default launch says how to point the extension at ccemu. */
  @Test
  void hintsAtTheWaysToNameCcemu(@TempDir Path project) {
    String hint = LaunchCommand.resolve(null, project, null, null).hint();
    assertTrue(hint.contains("npm package ccemu 0.1.0, which npx takes from "
        + project.resolve("node_modules")), hint);
    assertTrue(hint.contains("Set CCEMU_DIR to a clone of ccemu"), hint);
    assertTrue(hint.contains("npm install /path/to/ccemu-0.1.0.tgz"), hint);
    String other = LaunchCommand.resolve("deno task start --", project, null, null).hint();
    assertEquals("(the builder's command(), else CCEMU_COMMAND, sets the command, and its"
        + " directory(), else CCEMU_DIR, the folder it runs in)", other);
  }

  /** The container when asked, or when nothing names a command and there is no npx but an engine. */
  @Test
  void runsTheContainerWhenAskedOrWhereThereIsNoNpx(@TempDir Path withNpx, @TempDir Path engines)
      throws IOException {
    Path npx = Files.createFile(withNpx.resolve("npx"));
    Path podman = Files.createFile(engines.resolve("podman"));
    assertTrue(npx.toFile().setExecutable(true) && podman.toFile().setExecutable(true));
    String both = withNpx + java.io.File.pathSeparator + engines;
    String enginesOnly = engines.toString();

    assertTrue(ContainerLaunch.wanted(true, "ccemu start", "x", null, both), "the builder asks");
    assertTrue(!ContainerLaunch.wanted(false, "ccemu start", null, "1", enginesOnly),
        "the builder's command wins over CCEMU_CONTAINER");
    assertTrue(ContainerLaunch.wanted(false, null, "deno task start --", "1", both),
        "CCEMU_CONTAINER=1 wins over CCEMU_COMMAND");
    assertTrue(!ContainerLaunch.wanted(false, null, "deno task start --", null, enginesOnly));
    assertTrue(!ContainerLaunch.wanted(false, null, null, null, both), "npx is there");
    assertTrue(ContainerLaunch.wanted(false, null, null, null, enginesOnly), "no npx, podman");
    assertTrue(!ContainerLaunch.wanted(false, null, null, null, withNpx.toString()));

    LaunchCommand launch = ContainerLaunch.launch("my/ccemu:1", enginesOnly);
    assertTrue(launch.container());
    List<String> arguments = ContainerLaunch.arguments(launch.words(), "ccemu-junit5-x");
    assertEquals(List.of(podman.toString(), "run", "--name", "ccemu-junit5-x", "--label",
        "io.github.ccemu.junit5=ccemu-junit5-x", "--rm", "-i", "--no-healthcheck", "-p",
        "127.0.0.1::8686"), arguments.subList(0, 11));
    assertEquals(List.of("my/ccemu:1", "--instance-ports", "8687-8702", "--until-stdin-closes"),
        arguments.subList(arguments.size() - 4, arguments.size()));
  }
}
