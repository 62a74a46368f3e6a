/**
 * The four query parameters every signed call carries (spec part 5), named once: the signer
 * leaves `Signature` out of what it signs, the verifier reads the four, the journal and the proxy
 * tell them from business parameters. In core, since the request reader interns them.
 */

/** The signing key's id. */
export const ACCESS_KEY_ID = "AccessKeyId";
/** How many seconds the signature holds. */
export const EXPIRES = "Expires";
/** When the request was signed, UTC. */
export const TIMESTAMP = "Timestamp";
/** The signature itself: never part of what is signed. */
export const SIGNATURE = "Signature";

/** The common parameters in the spec's order (which also orders the verifier's refusals). */
export const COMMON_PARAMETERS = [ACCESS_KEY_ID, EXPIRES, TIMESTAMP, SIGNATURE] as const;

/** Whether a query name is one of the common parameters. */
export function isCommonParameter(name: string): boolean {
  return (COMMON_PARAMETERS as readonly string[]).includes(name);
}
