package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The extension signs byte for byte as {@code ccemu sign} does (which signs as the vendor's SDK):
 * the whole signed query string is compared, Signature included, for the same inputs.
 */
class SignatureParityTest {
  /** The URL inside the single quotes of the curl command {@code ccemu sign} prints. */
  private static final Pattern CURL_URL = Pattern.compile("curl .* '(http[^']*)'");

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      POST | http://127.0.0.1:8686/gateway/robot_list                | K              | S                 | 2026-01-05T01:00:00Z
      POST | http://127.0.0.1:8686/gateway/task_list                 | ccemu-demo-key | ccemu-demo-secret | 2026-07-31T23:59:59Z
      GET  | http://127.0.0.1:8686/aikb/list_directory_tree?repositoryId=1&type=FAQ | K | S | 2026-01-05T01:00:00Z
      GET  | http://127.0.0.1:8686/aikb/list_faqs?keyword=张三 分期~*&name=a+b&x=%E6%9D%8E | key-2 | s3cr3t/+= | 2030-02-28T12:34:56Z
      POST | http://127.0.0.1:41000/aikb/chat_conversation_on_open?username=王五 | K | S | 2026-01-05T01:00:00Z
      """)
  void matchesCcemuSign(String method, String url, String key, String secret, String at)
      throws Exception {
    List<String> command = new ArrayList<>(Checkout.signCommand());
    command.addAll(List.of(method, url, "--key", key, "--secret", secret, "--at", at,
        "--expires", "600"));
    if (method.equals("POST")) command.addAll(List.of("--body", "{}"));
    Matcher printed = CURL_URL.matcher(Checkout.run(command));
    if (!printed.find()) throw new AssertionError("no URL in ccemu sign's output");
    String theirs = URI.create(printed.group(1)).getRawQuery();

    int question = url.indexOf('?');
    String path = question < 0 ? url : url.substring(0, question);
    String query = question < 0 ? "" : url.substring(question + 1);
    String ours = VendorSignature.signedQuery(method, "127.0.0.1", URI.create(path).getPath(),
        VendorSignature.decodeQuery(query), key, secret, Instant.parse(at), 600);
    assertEquals(theirs, ours);
  }
}
