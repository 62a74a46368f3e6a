package io.github.ccemu.junit5;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * HTTP to ccemu with the JDK's client: the control API (JSON in, JSON out, a 2xx expected) and the
 * signed calls. Failures become {@link CcemuException}s that quote ccemu's own error message, which
 * says what was wrong (a fixture's JSON path, a parameter's name).
 */
final class ControlHttp {
  /** One client for the JVM: it pools connections, and ccemu answers its h2c offer in HTTP/1.1. */
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  /** Long enough for a big journal or a clock advance that fires many timers. */
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private ControlHttp() {}

  /** Sends a request as is and answers the response, whatever its status. */
  static HttpResponse<String> send(String method, URI uri, String contentType, String body) {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT);
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request.header("Content-Type", contentType)
          .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    }
    try {
      return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new CcemuException(method + " " + uri + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CcemuException(method + " " + uri + " was interrupted", e);
    }
  }

  /** A control request that must succeed (2xx): answers its body. */
  static String control(String method, URI uri, String jsonBody) {
    HttpResponse<String> response = send(method, uri, "application/json", jsonBody);
    if (response.statusCode() / 100 != 2) {
      throw new CcemuException(method + " " + uri.getPath() + " answered " + response.statusCode()
          + ": " + errorText(response.body()));
    }
    return response.body();
  }

  /** "Code: message" from ccemu's error envelope, or the body as it came when it is not one. */
  static String errorText(String body) {
    try {
      Object error = Json.member(Json.parse(body), "error");
      Object code = Json.member(error, "code");
      Object message = Json.member(error, "message");
      if (message != null) return (code == null ? "" : code + ": ") + message;
    } catch (IllegalArgumentException notJson) {
      // fall through: quote the body itself
    }
    return body;
  }
}
