/** The gateway's one signed operation: agent registration under `/livechat` (spec 4.1). */
import { z } from "npm:zod@4.6.7";
import { defineOperation, type Operation } from "../signed-api/operation.ts";
import { RegistrationSchema } from "./schemas.ts";
import type { GatewayStore } from "./store.ts";

export function gatewayOperations(store: GatewayStore): Operation[] {
  return [
    defineOperation({
      method: "POST",
      path: "/livechat/third_part_bot_register",
      summary: "Register a third-party agent (robot); registering again makes another robot.",
      readOnly: false,
      answer: z.strictObject({ robotId: z.string().describe("The robot's ID.") }),
      params: RegistrationSchema,
      handle: ({ tenant }, registration) => ({
        robotId: store.registerRobot(tenant.enterpriseId, registration).robotId,
      }),
    }),
  ];
}
