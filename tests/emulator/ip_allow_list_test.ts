import assert from "node:assert/strict";
import { allowListEntryProblem, ipAllowed } from "../../emulator/core/ip-allow-list.ts";

Deno.test("single addresses, wildcard patterns and ranges", () => {
  const list = ["192.168.1.10", "10.1.*.*", "172.16.0.*-172.16.3.*"];
  for (
    const ip of [
      "192.168.1.10",
      "10.1.200.3",
      "172.16.0.0",
      "172.16.2.9",
      "172.16.3.255",
      "::ffff:10.1.0.1",
    ]
  ) {
    assert.ok(ipAllowed(list, ip), ip);
  }
  for (const ip of ["192.168.1.11", "10.2.0.1", "172.16.4.0", "172.15.255.255", "", "fe80::1"]) {
    assert.ok(!ipAllowed(list, ip), ip);
  }
  assert.ok(ipAllowed([], "8.8.8.8"), "no list: everyone");
  assert.ok(ipAllowed(["127.0.0.1"], "::1"), "IPv6 loopback is 127.0.0.1");
});

Deno.test("invalid entries are explained", () => {
  assert.equal(allowListEntryProblem("10.0.0.*"), undefined);
  assert.match(allowListEntryProblem("10.0.0")!, /not an IPv4 address/);
  assert.match(allowListEntryProblem("10.0.0.256")!, /not an IPv4/);
  assert.match(allowListEntryProblem("1.1.1.1-2.2.2.2-3.3.3.3")!, /more than one/);
});
