package io.github.ccemu.junit5;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Reads one of ccemu's output streams to its end on a daemon thread, for as long as the process
 * lives: a pipe nobody reads fills up (64 KiB on Linux) and then blocks ccemu mid-write. Keeps the
 * last lines, which is what a start-up failure's message quotes.
 */
final class OutputTail {
  private static final int KEPT_LINES = 200;

  private final Deque<String> lines = new ArrayDeque<>();
  private final CountDownLatch ended = new CountDownLatch(1);

  private OutputTail() {}

  /** Starts draining {@code stream}; {@code onLine} sees every line, on the draining thread. */
  static OutputTail drain(InputStream stream, String name, Consumer<String> onLine) {
    OutputTail tail = new OutputTail();
    Thread thread = new Thread(() -> tail.read(stream, onLine), "ccemu " + name);
    // A daemon, so that a test JVM never waits on it to exit.
    thread.setDaemon(true);
    thread.start();
    return tail;
  }

  private void read(InputStream stream, Consumer<String> onLine) {
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        keep(line);
        onLine.accept(line);
      }
    } catch (IOException closed) {
      // The process is gone and its pipe with it: nothing more to read.
    } finally {
      ended.countDown();
    }
  }

  private synchronized void keep(String line) {
    if (lines.size() == KEPT_LINES) lines.removeFirst();
    lines.addLast(line);
  }

  /** Waits up to {@code millis} for the stream's end: what a dead process printed is all there. */
  boolean awaitEnd(long millis) {
    try {
      return ended.await(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The lines kept, joined; ANSI colours (deno task's) removed, as they only garble a message. */
  synchronized String text() {
    return String.join("\n", lines).replaceAll("\u001B\\[[0-9;]*m", "");
  }
}
