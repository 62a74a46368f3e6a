package io.github.ccemu.junit5;

import java.util.ArrayList;
import java.util.List;

/**
 * What an instance is created with: the body of {@code POST /_emulator/instances}. Each field is
 * JSON text already (or null to leave it to ccemu), so that the body is their concatenation.
 *
 * @param fixtures a path as a JSON string, or a fixture object as given
 * @param clock "real" or "manual", as a JSON string
 * @param clockStart ISO time as a JSON string, or epoch milliseconds as a number
 * @param seed the generator's seed
 * @param config a config file as {@code {"path": ..., "text": ...}}: what ccemu reads from it
 */
record InstanceSettings(String fixtures, String clock, String clockStart, Long seed,
    String config) {
  static final InstanceSettings DEFAULTS = new InstanceSettings(null, null, null, null, null);

  String toJson() {
    List<String> members = new ArrayList<>();
    if (fixtures != null) members.add("\"fixtures\":" + fixtures);
    if (clock != null) members.add("\"clock\":" + clock);
    if (clockStart != null) members.add("\"clockStart\":" + clockStart);
    if (seed != null) members.add("\"seed\":" + seed);
    if (config != null) members.add("\"config\":" + config);
    return "{" + String.join(",", members) + "}";
  }
}
