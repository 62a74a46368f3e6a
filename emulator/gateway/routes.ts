/** The gateway's one signed operation: agent registration under `/livechat` (spec 4.1). */
import { defineOperation, type Operation } from "../signed-api/operation.ts";
import { RegistrationSchema } from "./schemas.ts";
import type { GatewayStore } from "./store.ts";

export function gatewayOperations(store: GatewayStore): Operation[] {
  return [
    defineOperation({
      method: "POST",
      path: "/livechat/third_part_bot_register",
      readOnly: false,
      params: RegistrationSchema,
      handle: ({ tenant }, registration) => ({
        robotId: store.registerRobot(tenant.enterpriseId, registration).robotId,
      }),
    }),
  ];
}
