import { ERROR_TEXT } from "../../contract/errors-text";

/** The one error type features throw: a code, an HTTP status and a message a user may read. */
export type ErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYMENT_FAILED"
  | "RATE_LIMITED"
  | "BAD_GATEWAY"
  | "UNAVAILABLE";

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_FAILED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  /** An outside service (CRM, voice AI) refused or failed the call we made for the user. */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { issues?: { path: string; message: string }[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const badRequest = (path: string, message: string) =>
  new AppError("BAD_REQUEST", message, { issues: [{ path, message }] });
export const notFound = (what: string = ERROR_TEXT.notFound) => new AppError("NOT_FOUND", what);
export const forbidden = (message: string = ERROR_TEXT.forbidden) => new AppError("FORBIDDEN", message);
export const unauthorized = (message: string = ERROR_TEXT.signIn) => new AppError("UNAUTHORIZED", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
