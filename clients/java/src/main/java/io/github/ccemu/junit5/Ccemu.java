package io.github.ccemu.junit5;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One ccemu instance, as a test sees it: its own state, clock, journal and keys inside the JVM's
 * shared ccemu process. {@link CcemuExtension} is one (it answers for the instance of the test
 * running), and a test method or constructor can take one as a parameter.
 */
public interface Ccemu {
  /** The instance's base URL, {@code http://127.0.0.1:PORT}: the vendor's paths are under it. */
  String url();

  /** The host to point a client at ({@code 127.0.0.1}); the signature covers it without the port. */
  String host();

  int port();

  /** The instance's first access key (the demo tenant's: {@code ccemu-demo-key}). */
  String accessKeyId();

  String accessKeySecret();

  /** The enterprise (tenant) the key belongs to ({@code 7000001} in the demo tenant). */
  String enterpriseId();

  /**
   * A request signed as the vendor's SDK signs it, with this instance's key and its virtual time.
   * Business parameters of a GET go on {@code path}'s query string ({@code ?name=张三}), raw or
   * form-encoded, and are signed too; {@code body} (JSON, or null for none) is sent as is.
   */
  HttpResponse<String> call(String method, String path, String body);

  /** A signed request without a body, e.g. {@code call("GET", "/aikb/list_public_repositories")}. */
  default HttpResponse<String> call(String method, String path) {
    return call(method, path, null);
  }

  /** Moves the virtual clock forward, firing what falls due (dialing, redials, callbacks). */
  void advanceClock(Duration duration);

  /** Sets the virtual clock; moving it forward fires what falls due. */
  void setClock(Instant instant);

  /** The virtual clock's reading: the time ccemu checks a Timestamp against. */
  Instant now();

  /** Back to the fixtures: state, generator and rate limits; the clock and the journal stay. */
  void reset();

  /** {@code GET /_emulator/journal}'s answer: every exchange with this instance, as JSON text. */
  String journalJson();

  /** The journal's entries, oldest first: every exchange with this instance, as records. */
  List<JournalEntry> journal();

  /**
   * Checks that this instance saw the requests a test expects (by default at least one): answers
   * what it found, or throws an {@link AssertionError} whose message names the nearest requests
   * and how each differs. A malformed verify throws a {@link CcemuException} naming the field.
   *
   * <pre>{@code
   * ccemu.verify(Verify.requested("/gateway/task_create").withBody("$.callJobName", "X").exactly(1));
   * }</pre>
   */
  VerifyResult verify(Verify verify);
}
