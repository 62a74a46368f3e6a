/** A tenant's account conditions (AI seats and expiry, SMS balance), as the control API sets them. */
import { ApiError } from "../core/errors.ts";
import { parseParameters } from "../core/validation.ts";
import { type Account, AccountChange } from "./schemas.ts";
import type { OutboundRuntime } from "./runtime.ts";
import type { OutboundStore } from "./store.ts";

/** The account of an enterprise that exists. */
export function tenantAccount(store: OutboundStore, enterpriseId: string): Account {
  if (!store.emulator.findEnterprise(enterpriseId)) {
    throw new ApiError("ResourceNotFound", `No enterprise ${enterpriseId}.`);
  }
  return store.account(enterpriseId);
}

/** Applies a change (all checked first) and re-evaluates the tenant's running tasks now. */
export function changeAccount(
  { store, dialer }: OutboundRuntime,
  enterpriseId: string,
  body: unknown,
): Account {
  const target = tenantAccount(store, enterpriseId);
  const change = parseParameters(AccountChange, body);
  if (change.aiSeats !== undefined) target.aiSeats = change.aiSeats;
  if (change.smsBalance !== undefined) target.smsBalance = change.smsBalance;
  if (change.aiExpiresAt !== undefined) {
    target.aiExpiresAt = change.aiExpiresAt;
  }
  dialer.reconcile(target.enterpriseId);
  return target;
}
