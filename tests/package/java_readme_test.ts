/**
 * The JUnit 5 extension's README shows the consumer module's test whole: CI runs that module
 * (`.ci/run`), so the README's Java is the Java that passes there, as long as the two agree.
 */
import assert from "node:assert/strict";

const root = new URL("../../", import.meta.url);
const read = (path: string) => Deno.readTextFile(new URL(path, root));

Deno.test("clients/java/README.md shows examples/java-consumer's RobotListTest.java as it is", async () => {
  const readme = await read("clients/java/README.md");
  const test = await read("examples/java-consumer/src/test/java/example/RobotListTest.java");
  const blocks = [...readme.matchAll(/```java\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(
    blocks.includes(test),
    "clients/java/README.md has no ```java block equal to RobotListTest.java: copy the file into it",
  );
});
