import Joi from 'joi';
import type { Middleware } from 'koa';

import type { Logger } from '../logger.js';

interface Reply {
  status: number;
  message: string;
  /** Headers a client error carries (http-errors' `headers`), e.g. WWW-Authenticate or Retry-After. */
  headers?: Record<string, string>;
}

/**
 * Turns every error into a plain-text reply: Joi validation -> 400 naming every problem,
 * client errors (status < 500) -> their own status and message, an unreachable database
 * (or another dependency thrown as 503) -> 503, anything else -> 500 with a generic text.
 * 5xx errors are logged with their stack.
 */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const reply = toReply(error);
      if (reply.status >= 500) {
        logger.error({ err: error, requestId: ctx.state.requestId }, 'request failed');
      }
      ctx.status = reply.status;
      if (reply.headers) ctx.set(reply.headers);
      ctx.type = 'text/plain';
      ctx.body = reply.message;
    }
  };
}

function toReply(error: unknown): Reply {
  if (Joi.isError(error)) return { status: 400, message: validationMessage(error) };
  const status = statusOf(error);
  // A dependency that is down (the database, an identity provider's keys): retry later.
  if (status === 503 || isDatabaseUnavailable(error)) return { status: 503, message: 'Service unavailable' };
  // Decide by status, not err.expose: koa-bodyparser leaves expose unset on its 400s.
  if (status !== undefined && status >= 400 && status < 500) {
    const { message, headers } = error as { message: string; headers?: Record<string, string> };
    return { status, message, headers };
  }
  return { status: 500, message: 'Internal server error' };
}

/** Separates the problems of one request in a 400; the OpenAPI document's BadRequest says so. */
export const PROBLEM_SEPARATOR = '; ';

/** Every problem Joi found, in one line: "id" is not allowed; "createdAt" is not allowed. */
function validationMessage(error: Joi.ValidationError): string {
  return error.details.map((detail) => detail.message).join(PROBLEM_SEPARATOR);
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = status ?? statusCode;
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

// 08xxx: connection exceptions; 57P01-57P03: server shutting down or not accepting connections;
// 57014: query cancelled, here by DB_STATEMENT_TIMEOUT_MS (an overloaded database, not a bug in the request).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|57014)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EAI_AGAIN']);

/** A write that would duplicate a unique value: answered 409 with its message. */
export class ConflictError extends Error {
  override name = 'ConflictError';
  readonly status = 409;
}

const UNIQUE_VIOLATION = '23505';

/**
 * The name of the unique constraint a write broke (SQLSTATE 23505), from pg or PGlite, bare or
 * wrapped by Objection; undefined for any other error. The constraint name, unlike the message
 * and its detail, is the same whatever language the server speaks.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint, nativeError } = error as { code?: unknown; constraint?: unknown; nativeError?: unknown };
  if (code === UNIQUE_VIOLATION && typeof constraint === 'string') return constraint;
  return nativeError !== undefined && nativeError !== error ? violatedUniqueConstraint(nativeError) : undefined;
}

/** True for errors that mean "the database cannot be reached right now" (worth a 503 or a retry). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, errors, message, nativeError } = error as {
    name?: unknown;
    code?: unknown;
    errors?: unknown;
    message?: unknown;
    nativeError?: unknown;
  };
  // By name: knex's ESM entry does not export the class. Raised when no pool connection comes free in time.
  if (name === 'KnexTimeoutError') return true;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) {
    return true;
  }
  // pg gives these no code: a connect that timed out, or a server that closed the connection.
  // knex puts the SQL in front of the message ("insert into ... - Connection terminated unexpectedly").
  if (code === undefined && typeof message === 'string' && /(^| - )Connection terminated\b/.test(message)) return true;
  // Objection wraps driver errors (a server shutting down: 57P01) in a DBError.
  if (nativeError !== undefined && nativeError !== error && isDatabaseUnavailable(nativeError)) return true;
  // pg reports a refused dual-stack connect as an AggregateError of per-address failures.
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}
