package io.github.ccemu.junit5;

import java.net.http.HttpResponse;

/** A task on the demo tenant's script 3001 and line 501: state a test can write and look for. */
final class Tasks {
  static final String CREATE = "{\"enterpriseId\":\"7000001\",\"callJobName\":\"Java follow-up\","
      + "\"callJobType\":2,\"robotDefId\":3001,\"userPhoneIds\":\"[501]\",\"concurrencyQuota\":1}";

  private Tasks() {}

  /** How many tasks task_list counts for the demo enterprise. */
  static long total(Ccemu ccemu) {
    HttpResponse<String> list =
        ccemu.call("POST", "/gateway/task_list", "{\"enterpriseId\":\"7000001\"}");
    if (list.statusCode() != 200) throw new AssertionError("task_list: " + list.body());
    Object total = Json.member(Json.member(Json.parse(list.body()), "result"), "total");
    if (!(total instanceof Long count)) throw new AssertionError("no total in " + list.body());
    return count;
  }
}
