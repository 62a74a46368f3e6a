/**
 * The open API's error codes (spec part 7), their HTTP statuses and the failure envelope, and
 * ccemu's own `UpstreamUnavailable` (the recording proxy could not reach the real service).
 */

/**
 * Each vendor error code with the HTTP status ccemu answers it with.
 *
 * @example
 * ```ts
 * import type { ERROR_STATUS } from "@ccemu/ccemu";
 *
 * // The package exports it as a type: the statuses a test may expect, by code.
 * const limited: (typeof ERROR_STATUS)["TooManyRequests"] = 429;
 * console.log(limited);
 * ```
 */
export const ERROR_STATUS = {
  AuthFailure: 401,
  InvalidParameter: 400,
  MissingParameter: 400,
  ResourceNotFound: 404,
  MissingRequestBody: 400,
  MissingAuthenticationToken: 400,
  HttpMediaTypeNotSupported: 400,
  HttpRequestMethodNotSupported: 405,
  UnauthorizedOperation: 403,
  UnknownParameter: 400,
  SignaturesExpired: 403,
  TooManyRequests: 429,
  InternalError: 500,
  /** ccemu's own: the recording proxy's upstream did not answer (refused, timed out, failed). */
  UpstreamUnavailable: 502,
} as const;

/** A vendor error code (spec part 7), e.g. `InvalidParameter`: a key of `ERROR_STATUS`. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The messages `--strict` answers with: as terse as the vendor's table. Parameter errors keep the
 * parameter's name, because the vendor says its message "describes the bad value".
 */
const TERSE: Record<ErrorCode, string> = {
  AuthFailure: "Authentication failed.",
  InvalidParameter: "A parameter is invalid.",
  MissingParameter: "A required parameter is absent.",
  ResourceNotFound: "The resource does not exist.",
  MissingRequestBody: "The request body is absent.",
  MissingAuthenticationToken: "The request must contain a valid access-key ID.",
  HttpMediaTypeNotSupported: "Media type unsupported; only application/json.",
  HttpRequestMethodNotSupported: "HTTP method unsupported.",
  UnauthorizedOperation: "The key lacks permission for the operation.",
  UnknownParameter: "An unknown parameter was supplied.",
  SignaturesExpired: "Signature expired.",
  TooManyRequests: "Request limit exceeded.",
  InternalError: "Internal error; retry, and contact support if it persists.",
  UpstreamUnavailable: "The upstream service did not answer.",
};

/** A refusal or failure answered with the vendor's error envelope. */
export class ApiError extends Error {
  /** The vendor error code. */
  readonly code: ErrorCode;
  /** The parameter at fault, kept in `--strict` messages. */
  readonly parameter?: string;

  /** An error of `code`; `parameter` names the field at fault, when one is. */
  constructor(code: ErrorCode, message: string, parameter?: string) {
    super(message);
    this.code = code;
    this.parameter = parameter;
  }

  /** The HTTP status of its code. */
  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code];
  }

  /** The message the client sees: full unless `strict`, where diagnostics are dropped. */
  publicMessage(strict: boolean): string {
    if (!strict) return this.message;
    return this.parameter ? `${TERSE[this.code]} (${this.parameter})` : TERSE[this.code];
  }
}

/** The vendor's failure envelope. */
export interface FailureBody {
  /** The request's id. */
  requestId: string;
  /** The error code and message. */
  error: { code: ErrorCode; message: string };
}

/** The envelope of `error`; `strict`: its message as terse as the vendor's. */
export function failureBody(requestId: string, error: ApiError, strict: boolean): FailureBody {
  return { requestId, error: { code: error.code, message: error.publicMessage(strict) } };
}

/** Anything thrown that is not an ApiError becomes InternalError, without its stack. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(
    "InternalError",
    "Internal error: the emulator failed to handle the request.",
  );
}

/**
 * What a response body's stream fails with when a fault rule closes the connection mid-body on
 * purpose: the server closes it and says nothing (a fault is expected behaviour, not an error).
 */
export class ConnectionCut extends Error {
  constructor() {
    super("ccemu fault: connection closed mid-body");
    this.name = "ConnectionCut";
  }
}
