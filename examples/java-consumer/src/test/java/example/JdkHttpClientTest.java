package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ccemu.junit5.Ccemu;
import io.github.ccemu.junit5.CcemuExtension;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A client of the team's own against an instance: the JDK's HttpClient with its defaults, signing
 * with the wall clock as a deployed client does (so the instance keeps the real clock, the
 * default). The request has the vendor's Java SDK's form on the wire: the host signed without
 * its port, the path requested with a trailing slash and signed without it, the body's type
 * {@code application/json; charset=UTF-8}.
 */
@ExtendWith(CcemuExtension.class)
class JdkHttpClientTest {
  static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

  @Test
  void listsTasksWithTheJdksOwnClient(Ccemu ccemu) throws Exception {
    String path = "/gateway/task_list";
    String query = signedQuery("POST", ccemu.host(), path, ccemu.accessKeyId(),
        ccemu.accessKeySecret());
    HttpRequest request = HttpRequest.newBuilder(URI.create(ccemu.url() + path + "/?" + query))
        .header("Content-Type", "application/json; charset=UTF-8")
        .POST(HttpRequest.BodyPublishers.ofString(
            "{\"enterpriseId\":\"" + ccemu.enterpriseId() + "\"}"))
        .build();

    HttpResponse<String> response = HttpClient.newHttpClient()
        .send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));

    assertEquals(200, response.statusCode(), response.body());
    assertTrue(response.body().contains("\"requestId\""), response.body());
    // ccemu answers the JDK's h2c upgrade offer over HTTP/1.1.
    assertEquals(HttpClient.Version.HTTP_1_1, response.version());
  }

  /**
   * The vendor's query signature: the common parameters, each name and value URL-encoded, sorted
   * by encoded name; HMAC-SHA1 over METHOD + host + path + "?" + query, base64, encoded again.
   */
  static String signedQuery(String method, String host, String path, String key, String secret)
      throws Exception {
    Map<String, String> pairs = new TreeMap<>();
    pairs.put("AccessKeyId", encode(key));
    pairs.put("Expires", "600");
    pairs.put("Timestamp", encode(TIMESTAMP.format(Instant.now())));
    String query = pairs.entrySet().stream().map(p -> p.getKey() + "=" + p.getValue())
        .collect(Collectors.joining("&"));
    Mac mac = Mac.getInstance("HmacSHA1");
    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
    byte[] digest = mac.doFinal((method + host + path + "?" + query).getBytes(StandardCharsets.UTF_8));
    return query + "&Signature=" + encode(Base64.getEncoder().encodeToString(digest));
  }

  static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
