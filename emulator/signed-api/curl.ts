/** curl command lines: a signed request (the `sign` tool, the inspector) or a plain one (a push). */
import { signUrl } from "./signature.ts";

/** Quotes for a POSIX shell: the text inside single quotes, each ' closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export interface SignCommand {
  method: string;
  url: string;
  body?: string;
  accessKeyId: string;
  accessKeySecret: string;
  expires?: number;
  signHost?: string;
  now: number;
}

/** The curl command line for a request signed the way the vendor's Java SDK signs. */
export function curlCommand(command: SignCommand): string {
  const { url } = signUrl(command);
  return plainCurl(
    command.method,
    url,
    command.body === undefined ? {} : { "Content-Type": "application/json; charset=UTF-8" },
    command.body,
  );
}

export function plainCurl(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): string {
  const parts = ["curl", "-sS", "-X", method, shellQuote(url)];
  for (const [name, value] of Object.entries(headers)) {
    parts.push("-H", shellQuote(`${name}: ${value}`));
  }
  if (body !== undefined) parts.push("--data-raw", shellQuote(body));
  return parts.join(" ");
}

/** A Java string literal (JDK 11+), escaping what Java needs escaped. */
function javaString(text: string): string {
  return `"${
    text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\r/g, "\\r")
  }"`;
}

/**
 * The same signed request as Java code (the JDK's own HTTP client), for integrators whose client
 * is Java: the URL carries the signature as the vendor's SDK computes it. A whole program, since
 * Java 17 runs no bare statements: saved as `CcemuRequest.java`, `java CcemuRequest.java` runs it
 * as generated (JDK only). The client keeps its defaults (`newHttpClient()`): ccemu answers its
 * h2c upgrade offer over HTTP/1.1.
 */
export function javaSnippet(method: string, url: string, body?: string): string {
  const publisher = body === undefined
    ? "HttpRequest.BodyPublishers.noBody()"
    : `HttpRequest.BodyPublishers.ofString(${javaString(body)})`;
  return [
    "import java.net.URI;",
    "import java.net.http.HttpClient;",
    "import java.net.http.HttpRequest;",
    "import java.net.http.HttpResponse;",
    "",
    "public class CcemuRequest {",
    "  public static void main(String[] args) throws Exception {",
    "    HttpRequest request = HttpRequest.newBuilder(URI.create(" + javaString(url) + "))",
    '        .header("Content-Type", "application/json; charset=UTF-8")',
    `        .method(${javaString(method)}, ${publisher})`,
    "        .build();",
    "    HttpResponse<String> response = HttpClient.newHttpClient()",
    "        .send(request, HttpResponse.BodyHandlers.ofString());",
    '    System.out.println(response.statusCode() + " " + response.body());',
    "  }",
    "}",
  ].join("\n");
}
