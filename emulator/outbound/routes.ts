/** The outbound AI-calling operations under `/gateway` (spec part 4 of document 2). */
import { z } from "zod";
import { vCode, vLong, vString, vText } from "../signed-api/fields.ts";
import { defineOperation, type Operation } from "../signed-api/operation.ts";
import { addToBlacklist, findScript, listLines, listScripts } from "./store.ts";

/** Digits, optionally a leading `+` and `-` separators: mobiles, landlines with area codes. */
const phoneNumber = () =>
  vText().pipe(
    z.string().regex(/^\+?\d[\d-]{2,22}\d$/, {
      error: "must be a phone number (digits, an optional leading + and - separators)",
    }),
  );

export const outboundOperations: Operation[] = [
  defineOperation({
    method: "POST",
    path: "/gateway/robot_list",
    readOnly: true,
    // The table names only robotStatus; enterpriseId, sent by clients as on every other call, is accepted.
    params: z.strictObject({ robotStatus: vCode([0, 1, 2]), enterpriseId: vString().optional() }),
    handle: ({ emulator, enterprise }, { robotStatus }) => ({
      result: {
        list: listScripts(emulator.state, enterprise.enterpriseId, robotStatus).map((s) => ({
          robotDefId: s.robotDefId,
          robotName: s.robotName,
          industryOneName: s.industryOneName,
          industryTwoName: s.industryTwoName,
          robotStatus: s.robotStatus,
          deployTime: s.deployTime,
        })),
      },
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/scenevariables",
    readOnly: true,
    params: z.strictObject({ enterpriseId: vText(), robotDefId: vLong() }),
    handle: ({ emulator, enterprise }, { robotDefId }) => ({
      result: {
        variables: findScript(emulator.state, enterprise.enterpriseId, robotDefId).variables,
      },
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/phone_list",
    readOnly: true,
    params: z.strictObject({ enterpriseId: vText(), userPhoneId: vLong().optional() }),
    handle: ({ emulator, enterprise }, { userPhoneId }) => ({
      result: {
        list: listLines(emulator.state, enterprise.enterpriseId, userPhoneId).map((l) => ({
          userPhoneId: l.userPhoneId,
          phone: l.phone,
          phoneName: l.phoneName,
          phoneType: l.phoneType,
          sceneType: l.sceneType,
        })),
      },
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/gateway/add_black_info",
    readOnly: false,
    params: z.strictObject({
      enterpriseId: vText(),
      mobile: phoneNumber(),
      name: vString().optional(),
      // Typed Integer by the spec, yet a remark is text in practice: both are kept as sent.
      remark: z.union([z.string(), z.number()], { error: "expected text or an integer" })
        .optional(),
    }),
    handle: ({ emulator, enterprise }, input) => ({
      result: {
        blackListId:
          addToBlacklist(emulator.state, enterprise.enterpriseId, input, emulator.clock.now())
            .blackListId,
      },
    }),
  }),
];
