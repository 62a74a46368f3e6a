/** The knowledge-base operations under `/aikb` (document 3). */
import { z } from "zod";
import { ApiError } from "../signed-api/errors.ts";
import { defineOperation, type Operation } from "../signed-api/operation.ts";

const NO_PARAMETERS = z.strictObject({});

/** Records carry their enterprise for scoping; responses never show it. */
function withoutEnterprise<T extends { enterpriseId: string }>({ enterpriseId: _, ...rest }: T) {
  return rest;
}

export const kbOperations: Operation[] = [
  defineOperation({
    method: "GET",
    path: "/aikb/list_public_repositories",
    readOnly: true,
    params: NO_PARAMETERS,
    handle: ({ emulator, enterprise }) => ({
      result: emulator.state.kb.publicRepositories
        .filter((r) => r.enterpriseId === enterprise.enterpriseId).map(withoutEnterprise),
    }),
  }),
  defineOperation({
    method: "GET",
    path: "/aikb/list_private_repositories",
    readOnly: true,
    params: NO_PARAMETERS,
    // "Personal" is per management user: the repositories whose owner is the key's username.
    handle: ({ emulator, enterprise, key }) => ({
      result: emulator.state.kb.personalRepositories
        .filter((r) => r.enterpriseId === enterprise.enterpriseId && r.owner === key.username)
        .map(withoutEnterprise),
    }),
  }),
  defineOperation({
    method: "GET",
    path: "/aikb/describe_bot_repository",
    readOnly: true,
    params: NO_PARAMETERS,
    handle: ({ emulator, enterprise }) => {
      const repository = emulator.state.kb.botRepositories.find((r) =>
        r.enterpriseId === enterprise.enterpriseId
      );
      if (!repository) {
        throw new ApiError(
          "ResourceNotFound",
          `Enterprise ${enterprise.enterpriseId} has no robot-dedicated repository.`,
        );
      }
      return { result: withoutEnterprise(repository) };
    },
  }),
];
