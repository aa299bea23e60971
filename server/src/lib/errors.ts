// Business errors as values carrying a protocol ErrorCode; the app's error handler turns them
// into the envelope in the caller's language.
import { ErrorCode } from '@free/protocol/envelope';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly errorCode: ErrorCode,
    /** the request field at fault, appended to the message (e.g. "amount") */
    readonly field?: string,
    /** internal detail for logs only, never sent to the caller */
    readonly detail?: string,
  ) {
    super(`${errorCode}${field ? ` (${field})` : ''}${detail ? `: ${detail}` : ''}`);
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;
export { ErrorCode };
