/**
 * A signed operation: its method and path, whether it only reads (for `read` permissions), the zod
 * schema of its parameters and a handler, which an area writes over its store. The dispatcher
 * (dispatcher.ts) does the rest, so every operation gets the same checks in the same order.
 */
import type { z } from "npm:zod@4.6.7";
import type { Tenant } from "../core/tenants.ts";

export interface OperationContext {
  /** The key that signed the request, and its tenant. */
  tenant: Tenant;
  /** Origin the caller reached ccemu at, for URLs ccemu hands out (uploads, media, recordings). */
  origin: string;
}

/** The response fields besides `requestId`, which the dispatcher puts first. */
export type OperationResult = Record<string, unknown>;

export interface Operation {
  method: "GET" | "POST";
  path: string;
  /** One line in the vendor's words: what it does (the OpenAPI summary). */
  summary: string;
  readOnly: boolean;
  /** POST: the JSON body; GET: the business query parameters (arrays as `name[i]`). */
  params: z.ZodType;
  /** Business query parameters of a POST operation (such as `username`). */
  query?: z.ZodType;
  /** The answer's fields besides `requestId`: documented, and checked against real answers. */
  answer: z.ZodType;
  handle(
    ctx: OperationContext,
    params: unknown,
    query: unknown,
  ): OperationResult | Promise<OperationResult>;
}

/** Declares an operation with its handler typed by its schemas. */
export function defineOperation<P extends z.ZodType, Q extends z.ZodType = z.ZodType<undefined>>(
  op: {
    method: "GET" | "POST";
    path: string;
    summary: string;
    readOnly: boolean;
    params: P;
    query?: Q;
    answer: z.ZodType;
    handle(
      ctx: OperationContext,
      params: z.output<P>,
      query: z.output<Q>,
    ): OperationResult | Promise<OperationResult>;
  },
): Operation {
  return op as Operation;
}
