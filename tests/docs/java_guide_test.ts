/**
 * The Java guide's test classes are examples/java-consumer's RobotListTest.java and
 * TaskCreateVerifyTest.java, which CI builds and runs against the installed extension
 * (`.ci/run`): the guide shows the Java that passes there.
 */
import assert from "node:assert/strict";

const root = new URL("../../", import.meta.url);
const read = (path: string) => Deno.readTextFile(new URL(path, root));

for (const name of ["RobotListTest", "TaskCreateVerifyTest"]) {
  Deno.test(`docs/java.md shows examples/java-consumer's ${name}.java as it is`, async () => {
    const guide = await read("docs/java.md");
    const test = await read(`examples/java-consumer/src/test/java/example/${name}.java`);
    const blocks = [...guide.matchAll(/```java\n([\s\S]*?)```/g)].map((m) => m[1]);
    assert.ok(blocks.includes(test), `docs/java.md has no \`\`\`java block equal to ${name}.java`);
  });
}
