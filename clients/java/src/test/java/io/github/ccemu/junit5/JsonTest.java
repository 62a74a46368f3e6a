package io.github.ccemu.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The extension's own JSON reader, on what ccemu's answers hold. */
class JsonTest {
  @Test
  void readsEveryKindOfValue() {
    Object value = Json.parse(" {\"a\": [1, -2.5, 3e2, 12345678901234567890], \"b\": {\"c\": true,"
        + " \"d\": false, \"e\": null}, \"f\": \"\", \"g\": [], \"h\": {}} ");
    assertEquals(List.of(1L, -2.5, 300.0, 1.2345678901234567E19), Json.member(value, "a"));
    assertEquals(Arrays.asList(true, false, null),
        new ArrayList<>(((Map<?, ?>) Json.member(value, "b")).values()));
    assertEquals("", Json.member(value, "f"));
    assertEquals(List.of(), Json.member(value, "g"));
    assertEquals(Map.of(), Json.member(value, "h"));
  }

  @Test
  void readsEscapes() {
    assertEquals("q\" b\\ s/ \b\f\n\r\t 中 😀",
        Json.parse("\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u4e2d \\ud83d\\ude00\""));
    assertEquals("张三", Json.parse("\"张三\""));
  }

  @Test
  void quotesWhatItReads() {
    String text = "a \"quoted\" \\ line\nand \u0001 中";
    assertEquals(text, Json.parse(Json.quote(text)));
  }

  @Test
  void writesWhatItReads() {
    Map<String, Object> value = new java.util.LinkedHashMap<>();
    value.put("name", "张三 \"q\"");
    value.put("list", Arrays.asList(1L, 2.5, true, null, Map.of("matches", "\\d+")));
    value.put("none", null);
    String text = Json.write(value);
    assertEquals("{\"name\":\"张三 \\\"q\\\"\",\"list\":[1,2.5,true,null,{\"matches\":\"\\\\d+\"}],"
        + "\"none\":null}", text);
    assertEquals(value, Json.parse(text));
    assertThrows(IllegalArgumentException.class, () -> Json.write(Double.NaN));
    assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
  }

  @Test
  void refusesBrokenText() {
    for (String broken : List.of("", "{", "[1,]", "{\"a\" 1}", "\"open", "tru", "1 2", "\"\\x\"",
        "\"\\u12\"", "-")) {
      assertThrows(IllegalArgumentException.class, () -> Json.parse(broken), broken);
    }
  }
}
