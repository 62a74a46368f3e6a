package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

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
}
