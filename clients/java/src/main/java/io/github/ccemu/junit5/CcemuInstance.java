package io.github.ccemu.junit5;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An instance inside the shared process, created through ccemu's control API for one test class
 * (or one test) and removed when it ends: JUnit closes it as a resource of that test's store, so
 * the removal happens even when the test fails.
 */
final class CcemuInstance implements Ccemu, ExtensionContext.Store.CloseableResource {
  /** The SDK's default validity; ccemu checks it against its virtual clock. */
  private static final int EXPIRES_SECONDS = 600;

  private final URI processUrl;
  private final String id;
  private final URI url;
  private final String accessKeyId;
  private final String accessKeySecret;
  private final String enterpriseId;
  private final AtomicBoolean removed = new AtomicBoolean();

  private CcemuInstance(CcemuProcess process, Map<?, ?> created) {
    this.processUrl = process.url();
    this.id = text(created, "id");
    // Without a trailing slash, so that url + "/gateway/..." is the vendor's path.
    this.url = process.reachable(URI.create(text(created, "url").replaceFirst("/+$", "")));
    // Absent when the fixtures hold no access key: the instance serves, but call() cannot sign.
    this.accessKeyId = optional(created, "accessKeyId");
    this.accessKeySecret = optional(created, "accessKeySecret");
    this.enterpriseId = optional(created, "enterpriseId");
  }

  /** {@code POST /_emulator/instances}: a refused fixture fails here, with ccemu's message. */
  static CcemuInstance create(CcemuProcess process, InstanceSettings settings) {
    String answer = ControlHttp.control("POST", process.url().resolve("/_emulator/instances"),
        settings.toJson());
    if (!(Json.parse(answer) instanceof Map<?, ?> created)) {
      throw new CcemuException("POST /_emulator/instances answered no object: " + answer);
    }
    return new CcemuInstance(process, created);
  }

  private static String text(Map<?, ?> created, String name) {
    Object value = created.get(name);
    if (value == null) {
      throw new CcemuException("POST /_emulator/instances answered no " + name + ": " + created);
    }
    return String.valueOf(value); // the id may come as a number
  }

  private static String optional(Map<?, ?> created, String name) {
    Object value = created.get(name);
    return value == null ? null : String.valueOf(value);
  }

  /** {@code DELETE /_emulator/instances/{id}}, once. */
  @Override
  public void close() {
    if (removed.compareAndSet(false, true)) {
      ControlHttp.control("DELETE", processUrl.resolve("/_emulator/instances/" + id), null);
    }
  }

  String id() {
    return id;
  }

  @Override
  public String url() {
    return url.toString();
  }

  @Override
  public String host() {
    return url.getHost();
  }

  @Override
  public int port() {
    return url.getPort();
  }

  @Override
  public String accessKeyId() {
    return accessKeyId;
  }

  @Override
  public String accessKeySecret() {
    return accessKeySecret;
  }

  @Override
  public String enterpriseId() {
    return enterpriseId;
  }

  @Override
  public HttpResponse<String> call(String method, String path, String body) {
    checkOpen();
    if (accessKeyId == null) {
      throw new IllegalStateException("ccemu instance " + id + " has no access key to sign with:"
          + " its fixtures hold none (add one under accessKeys)");
    }
    int question = path.indexOf('?');
    String bare = question < 0 ? path : path.substring(0, question);
    String query = question < 0 ? "" : path.substring(question + 1);
    String verb = method.toUpperCase(Locale.ROOT);
    // The instance's virtual time, not the wall clock: under a manual clock they differ by days.
    String signed = VendorSignature.signedQuery(verb, host(), url.getPath() + bare,
        VendorSignature.decodeQuery(query), accessKeyId, accessKeySecret, now(), EXPIRES_SECONDS);
    return ControlHttp.send(verb, URI.create(url + bare + "?" + signed),
        "application/json; charset=UTF-8", body);
  }

  @Override
  public void advanceClock(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("the clock only advances; use setClock to go back");
    }
    control("POST", "/clock/advance", "{\"ms\":" + duration.toMillis() + "}");
  }

  @Override
  public void setClock(Instant instant) {
    control("POST", "/clock", "{\"now\":" + instant.toEpochMilli() + "}");
  }

  @Override
  public Instant now() {
    Object now = Json.member(Json.parse(control("GET", "/clock", null)), "now");
    if (!(now instanceof Long millis)) {
      throw new CcemuException("GET /_emulator/clock answered no epoch-ms now: " + now);
    }
    return Instant.ofEpochMilli(millis);
  }

  @Override
  public void reset() {
    control("POST", "/reset", null);
  }

  @Override
  public String journalJson() {
    return control("GET", "/journal", null);
  }

  @Override
  public List<JournalEntry> journal() {
    return JournalEntry.list(Json.member(Json.parse(journalJson()), "entries"));
  }

  @Override
  public VerifyResult verify(Verify verify) {
    VerifyResult result = VerifyResult.of(Json.parse(control("POST", "/journal/verify",
        verify.toJson())));
    if (!result.passed()) throw new AssertionError(result.message());
    return result;
  }

  /** A request to this instance's own control API, {@code {url}/_emulator/...}. */
  private String control(String method, String route, String jsonBody) {
    checkOpen();
    return ControlHttp.control(method, URI.create(url + "/_emulator" + route), jsonBody);
  }

  private void checkOpen() {
    if (removed.get()) {
      throw new IllegalStateException("ccemu instance " + id + " was removed when its test"
          + " (class) ended: keep a Ccemu only within the tests it was given to");
    }
  }

  @Override
  public String toString() {
    return "ccemu instance " + id + " at " + url;
  }
}
