package io.github.ccemu.junit5;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The vendor's query signature, as its Java SDK computes it and ccemu checks it (docs/signed-api.md,
 * "The signature, as ccemu verifies it"): string-to-sign = METHOD + host (no port) + path + "?" + every
 * query pair but Signature, each name and value {@link URLEncoder}-encoded, sorted by encoded name,
 * joined with "&amp;"; Signature = base64(HMAC-SHA1(secret, string-to-sign)), encoded once more.
 */
final class VendorSignature {
  /** UTC to the second with a literal Z: the only Timestamp form the service takes. */
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

  private VendorSignature() {}

  /**
   * The query string to send: the business {@code params} and AccessKeyId, Expires and Timestamp,
   * encoded and sorted as signed, then {@code &Signature=…}.
   */
  static String signedQuery(String method, String host, String path,
      List<Map.Entry<String, String>> params, String accessKeyId, String accessKeySecret,
      Instant timestamp, int expiresSeconds) {
    List<Map.Entry<String, String>> all = new ArrayList<>(params);
    all.add(Map.entry("AccessKeyId", accessKeyId));
    all.add(Map.entry("Expires", Integer.toString(expiresSeconds)));
    all.add(Map.entry("Timestamp", TIMESTAMP.format(timestamp)));
    String pairs = all.stream()
        .map(pair -> Map.entry(encode(pair.getKey()), encode(pair.getValue())))
        // String order of the encoded names, as the SDK's TreeMap sorts them (a stable sort keeps
        // repeated names in the order given).
        .sorted(Map.Entry.comparingByKey(Comparator.naturalOrder()))
        .map(pair -> pair.getKey() + "=" + pair.getValue())
        .collect(Collectors.joining("&"));
    String signature = hmacSha1(accessKeySecret, method + host + path + "?" + pairs);
    return pairs + "&Signature=" + encode(signature);
  }

  /** Java's form encoding: what the SDK applies, so {@code ~} is %7E and space is +. */
  static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  /**
   * The pairs of a query string written by a test ({@code a=1&name=张三}), decoded as a browser
   * decodes a form ({@code +} is a space), so that they can be encoded the SDK's way.
   */
  static List<Map.Entry<String, String>> decodeQuery(String query) {
    List<Map.Entry<String, String>> pairs = new ArrayList<>();
    if (query == null || query.isEmpty()) return pairs;
    for (String part : query.split("&")) {
      if (part.isEmpty()) continue;
      int equals = part.indexOf('=');
      String name = equals < 0 ? part : part.substring(0, equals);
      String value = equals < 0 ? "" : part.substring(equals + 1);
      pairs.add(Map.entry(decode(name), decode(value)));
    }
    return pairs;
  }

  private static String decode(String text) {
    return URLDecoder.decode(text, StandardCharsets.UTF_8);
  }

  private static String hmacSha1(String secret, String text) {
    try {
      Mac mac = Mac.getInstance("HmacSHA1");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
      return Base64.getEncoder().encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      // Every JDK ships HmacSHA1: this would be a broken runtime, not a caller's mistake.
      throw new IllegalStateException("HmacSHA1 is not available in this JDK", e);
    }
  }
}
