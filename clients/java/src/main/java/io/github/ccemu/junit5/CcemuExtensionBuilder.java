package io.github.ccemu.junit5;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/**
 * Settings of a {@link CcemuExtension}: what each instance starts with (fixtures, clock, seed),
 * whether tests share one per class, and how to start ccemu. Unset, ccemu's defaults apply: the
 * demo tenant, the real clock, a random seed.
 */
public final class CcemuExtensionBuilder {
  private String fixtures;
  private String clock;
  private String clockStart;
  private Long seed;
  private String config;
  private boolean perTest;
  private String command;
  private Path directory;
  private boolean container;
  private String image;

  CcemuExtensionBuilder() {}

  /** Virtual time moves only when a test moves it: runs repeat byte for byte. */
  public CcemuExtensionBuilder clockManual() {
    clock = Json.quote("manual");
    return this;
  }

  /** Virtual time follows the wall clock (ccemu's default). */
  public CcemuExtensionBuilder clockReal() {
    clock = Json.quote("real");
    return this;
  }

  /** Where virtual time starts (a manual clock starts at 2026-01-05T01:00:00Z otherwise). */
  public CcemuExtensionBuilder clockStart(Instant start) {
    clockStart = Json.quote(start.toString());
    return this;
  }

  /** Where virtual time starts: ISO time, epoch milliseconds, or {@code now}. */
  public CcemuExtensionBuilder clockStart(String start) {
    // Digits are epoch milliseconds, which ccemu takes as a JSON number.
    clockStart = start.matches("\\d+") ? start : Json.quote(start);
    return this;
  }

  /** The seed of request ids and call outcomes: the same seed, the same answers. */
  public CcemuExtensionBuilder seed(long value) {
    seed = value;
    return this;
  }

  /**
   * A fixture file (or folder of {@code *.json} files) instead of the demo tenant. A relative path
   * is resolved here, against the JVM's working directory, since ccemu runs in another one.
   */
  public CcemuExtensionBuilder fixtures(Path path) {
    fixtures = Json.quote(path.toAbsolutePath().normalize().toString());
    return this;
  }

  /**
   * A fixture given as JSON text (an object, as a fixture file holds). ccemu checks it when each
   * instance is created and names the JSON path of what it refuses; text that is not a JSON
   * object is refused here already.
   */
  public CcemuExtensionBuilder fixturesJson(String json) {
    if (!(Json.parse(json) instanceof Map)) {
      throw new IllegalArgumentException("fixturesJson takes a JSON object, got: " + json);
    }
    fixtures = json.strip();
    return this;
  }

  /**
   * A config file, {@code ccemu.json} (JSON with comments; docs/config.md in ccemu's repository):
   * its flags, access keys, fault rules and callback URLs, as {@code ccemu start --config FILE}
   * takes them. It is read here and sent to ccemu with each instance's creation, so it works in
   * container mode too; ccemu checks it and names the JSON path of what it refuses. What the file
   * does not say is ccemu's default; this builder's other settings win over the file. A relative
   * path is resolved against the JVM's working directory, as are the paths inside the file against
   * the file's folder.
   */
  public CcemuExtensionBuilder config(Path path) {
    Path file = path.toAbsolutePath().normalize();
    try {
      config = "{\"path\":" + Json.quote(file.toString()) + ",\"text\":"
          + Json.quote(Files.readString(file)) + "}";
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the config file " + file, e);
    }
    return this;
  }

  /** One instance per test method instead of one per test class: nothing carries over. */
  public CcemuExtensionBuilder perTest() {
    perTest = true;
    return this;
  }

  /**
   * The command that runs {@code ccemu start}, before {@code CCEMU_COMMAND}; without either, {@code
   * npx --yes deno@2.9.6 task start --} in a clone of ccemu, else {@code npx --yes ccemu@0.1.0
   * start}. {@code --port 0 --until-stdin-closes} is always appended.
   */
  public CcemuExtensionBuilder command(String value) {
    command = value;
    return this;
  }

  /** The folder the command runs in (default {@code CCEMU_DIR}, else the JVM's own). */
  public CcemuExtensionBuilder directory(Path value) {
    directory = value;
    return this;
  }

  /**
   * Runs ccemu's container image (docs/container.md) with podman or docker instead of a command,
   * as {@code CCEMU_CONTAINER=1} does; also the default where there is no npx but an engine. The
   * container is removed when the JVM ends, however it ends.
   */
  public CcemuExtensionBuilder container() {
    container = true;
    return this;
  }

  /** The image {@link #container()} runs (default {@code CCEMU_IMAGE}, else {@code ccemu}). */
  public CcemuExtensionBuilder image(String value) {
    image = value;
    return container();
  }

  public CcemuExtension build() {
    return new CcemuExtension(new InstanceSettings(fixtures, clock, clockStart, seed, config),
        perTest, command, directory, container, image);
  }
}
