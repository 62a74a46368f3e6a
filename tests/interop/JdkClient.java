/*
 * ccemu's signed open API called from Java 17 with the JDK alone, as an integrator's Java client
 * would: the vendor's HMAC-SHA1 query signature computed here, and the JDK's own HttpClient with
 * its defaults. Over plain HTTP that client offers an h2c upgrade (`Connection: Upgrade,
 * HTTP2-Settings`, `Upgrade: h2c`) on the first request of each connection; ccemu must answer it
 * over HTTP/1.1, which is what tests/interop/jdk_client_test.ts checks from these lines.
 *
 *   java tests/interop/JdkClient.java http://127.0.0.1:8686
 *
 * Prints one line per call: METHOD PATH STATUS VERSION BODY (the body as received, on one line).
 */
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class JdkClient {
  // The demo tenant's key with every permission (fixtures/default/tenant.json), enterprise 7000001.
  static final String ACCESS_KEY_ID = "ccemu-demo-key";
  static final String ACCESS_KEY_SECRET = "ccemu-demo-secret";

  // UTC, to the second, with a literal Z: the only Timestamp form the service takes.
  static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

  // Defaults on purpose (no .version(HTTP_1_1)): the h2c upgrade offer is what is under test.
  static final HttpClient CLIENT = HttpClient.newHttpClient();

  // UTF-8 whatever the locale, so that the Chinese names in the answers reach the test intact.
  static final PrintStream OUT =
      new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);

  static final String REGISTER_BODY = "{\"name\":\"jdk client agent\","
      + "\"domain\":\"http://127.0.0.1:3000\",\"authEnabled\":true,"
      + "\"authentication\":{\"type\":\"TOKEN\",\"token\":\"jdk-token\"},"
      + "\"pushConfigList\":[{\"type\":\"Open\",\"uri\":\"/open\",\"httpMethod\":\"POST\"},"
      + "{\"type\":\"Message\",\"uri\":\"/message\",\"httpMethod\":\"POST\"}],"
      + "\"platform\":\"Default\"}";

  public static void main(String[] args) throws Exception {
    URI base = URI.create(args[0]);
    // Outbound AI calling.
    send(base, "POST", "/gateway/robot_list", Map.of(), "{\"robotStatus\":1}");
    send(base, "POST", "/gateway/task_list", Map.of(), "{\"enterpriseId\":\"7000001\"}");
    // Knowledge base: a signed GET without parameters, then one whose parameters are signed too,
    // on the first repository the previous answer lists.
    String repositories = send(base, "GET", "/aikb/list_public_repositories", Map.of(), null);
    Matcher id = Pattern.compile("\"id\":(\\d+)").matcher(repositories);
    if (!id.find()) throw new IllegalStateException("no repository id in " + repositories);
    Map<String, String> tree = new LinkedHashMap<>();
    tree.put("repositoryId", id.group(1));
    tree.put("type", "FAQ");
    send(base, "GET", "/aikb/list_directory_tree", tree, null);
    // Robot gateway: register an agent.
    send(base, "POST", "/livechat/third_part_bot_register", Map.of(), REGISTER_BODY);
    // A field the operation does not have: the vendor's error envelope, 400 UnknownParameter.
    send(base, "POST", "/gateway/robot_list", Map.of(), "{\"robotStatus\":1,\"colour\":\"red\"}");
  }

  /**
   * The signed query string, as the vendor's SDK builds it: the business parameters (GET) and the
   * common ones, each name and value URLEncoder-encoded, sorted by encoded name; the string-to-sign
   * is METHOD + host (no port) + path + "?" + those pairs; Signature is base64(HMAC-SHA1) of it,
   * encoded once more and appended last.
   */
  static String signedQuery(String method, String host, String path, Map<String, String> params)
      throws Exception {
    Map<String, String> all = new LinkedHashMap<>(params);
    all.put("AccessKeyId", ACCESS_KEY_ID);
    all.put("Expires", "600");
    all.put("Timestamp", TIMESTAMP.format(Instant.now()));
    // A TreeMap of encoded name -> encoded value sorts by String.compareTo, as the SDK does.
    Map<String, String> pairs = new TreeMap<>();
    all.forEach((name, value) -> pairs.put(encode(name), encode(value)));
    String query = pairs.entrySet().stream()
        .map(pair -> pair.getKey() + "=" + pair.getValue())
        .collect(Collectors.joining("&"));
    Mac mac = Mac.getInstance("HmacSHA1");
    mac.init(new SecretKeySpec(ACCESS_KEY_SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
    byte[] digest = mac.doFinal((method + host + path + "?" + query).getBytes(StandardCharsets.UTF_8));
    return query + "&Signature=" + encode(Base64.getEncoder().encodeToString(digest));
  }

  static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /** Signs and sends one call, prints its line, and answers the body. */
  static String send(URI base, String method, String path, Map<String, String> params, String body)
      throws Exception {
    URI uri = base.resolve(path + "?" + signedQuery(method, base.getHost(), path, params));
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30));
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      // A POST body is never signed; the service wants it as JSON.
      request.header("Content-Type", "application/json; charset=UTF-8")
          .method(method, HttpRequest.BodyPublishers.ofString(body));
    }
    HttpResponse<String> response =
        CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    // ccemu answers JSON on one line; a line break would only split the test's record.
    String text = response.body().replace("\r", " ").replace("\n", " ");
    OUT.println(method + " " + path + " " + response.statusCode() + " " + response.version() + " "
        + text);
    return response.body();
  }
}
