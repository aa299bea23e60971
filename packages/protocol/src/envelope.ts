// The response envelope every API call returns, and the stable error codes it carries (docs/api.md "Error codes").
import { z } from 'zod';

/** Every response, success or not: `code` 200 is success, anything else names the outcome. */
export type Envelope<T> = { code: number; msg: string; data: T };

/**
 * Stable codes: never renumber or reuse one, clients and logs depend on them.
 * - < 1000: HTTP outcomes, and the answer travels with that HTTP status (httpStatusOf); the body
 *   is the same envelope, so a client reads the envelope whatever the status.
 * - 1000–1099 amounts, 1100–1199 auth and signing, 1200–1299 business rules, 1300+ infrastructure.
 * - ≥ 9000: client-side texts that the server never sends (transport failure, generic error,
 *   empty list) so the web shows them through the same `errorMessage` table.
 */
export const ErrorCode = {
  Ok: 200,
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooManyRequests: 429,
  Internal: 500,
  ServiceUnavailable: 503,
  Timeout: 504,

  InvalidAmount: 1000,
  AmountTooSmall: 1001,
  AmountTooLarge: 1002,
  RechargeTooLarge: 1003,
  InsufficientBalance: 1004,
  InsufficientFree: 1005,
  EnterRechargeAmount: 1006,
  EnterWithdrawAmount: 1007,
  EnterInvestAmount: 1008,
  EnterShares: 1009,
  AmountTooPrecise: 1010,
  BelowMinimum: 1011,
  AboveMaximum: 1012,

  BadSignature: 1100,
  StaleTimestamp: 1101,
  NonceInvalid: 1102,
  SiweInvalid: 1103,
  InviterInvalid: 1104,
  NotOperator: 1105,
  OperatorRoleMissing: 1106,
  /** the sign-in message names a domain this server does not serve */
  SiweWrongDomain: 1110,
  /** the sign-in message names another chain id than the deployment's */
  SiweWrongChain: 1111,

  ModuleClosed: 1200,
  NotBoundWallet: 1201,
  IdempotencyConflict: 1202,
  AlreadyIgnited: 1203,
  OrderExpired: 1204,
  EarningsPaused: 1205,
  ReserveInsufficient: 1206,
  StakeLimitExceeded: 1207,
  WithdrawDailyLimit: 1208,
  WithdrawPlatformLimit: 1209,
  OperatorCommandRefused: 1210,
  PresaleSoldOut: 1220,
  PresaleUserLimit: 1221,
  /** nothing in the mining pool balance to move to the wallet */
  PoolBalanceEmpty: 1230,

  ChainUnavailable: 1300,
  /** the request ran out of its time budget and was rolled back: nothing changed, retry */
  RolledBack: 1301,
  /** a request with the same Idempotency-Key is still being processed: retry with that key */
  InProgress: 1302,

  NetworkError: 9000,
  UnknownError: 9001,
  NoData: 9002,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCode = (typeof ErrorCode)[ErrorCodeName];

const CODE_NAMES = new Map<number, ErrorCodeName>(
  (Object.entries(ErrorCode) as [ErrorCodeName, ErrorCode][]).map(([name, code]) => [code, name]),
);

/** The name of a known code (for logs and tests), or undefined for a code we do not know. */
export function errorCodeName(code: number): ErrorCodeName | undefined {
  return CODE_NAMES.get(code);
}

/**
 * The HTTP status an answer with envelope `code` travels with: an HTTP code (400–599) is its own
 * status, so proxies and logs see refusals and failures; a product code (four digits) is a
 * business answer and travels as 200, like success.
 */
export function httpStatusOf(code: number): number {
  return code >= 400 && code < 600 ? code : 200;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'number' && CODE_NAMES.has(code);
}

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: ErrorCode.Ok, msg, data };
}

/** A failure carries `data: null` so a client never mistakes half a result for a whole one. */
export function fail(code: ErrorCode, msg: string): Envelope<null> {
  return { code, msg, data: null };
}

export function isOk<T>(env: Envelope<T | null>): env is Envelope<T> {
  return env.code === ErrorCode.Ok;
}

/** zod schema of an envelope around a given `data` schema, for the API schemas and OpenAPI. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
