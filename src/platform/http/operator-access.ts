/**
 * Routes for the platform's operator, not for shoppers (/api/metrics): answered to a request from
 * this machine on a local host name, or to one bearing the operator's token, and to nobody else,
 * whatever dealer's host it names.
 *
 * - From this machine: the socket's peer and every X-Forwarded-For address loopback, no
 *   `Forwarded` or `X-Real-IP` header (a proxy passing a request on), and the Host a loopback name
 *   or `*.localhost`. A dealer's own domain is never local: behind a proxy on this machine a
 *   shopper's request arrives from 127.0.0.1 with that Host.
 * - With the token: `Authorization: Bearer <token>`, compared in constant time (both hashed
 *   first, so neither the length nor a common prefix shows in the time taken).
 *
 * Anyone else gets 401 (with `WWW-Authenticate: Bearer`) when a token is set, else 403: without a
 * token, nothing they could send would be accepted.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { problem, send } from './answers';
import type { AppEnv } from './app-env';
import { fromThisMachine } from './client-ip';
import { hostnameOf, requestHost } from './dealer-host';

/** Fewer characters than this would be guessable; `openssl rand -hex 32` gives 64. */
export const MIN_TOKEN_LENGTH = 24;

export class OperatorTokenError extends Error {}

/** The operator's token from `variable` (e.g. METRICS_TOKEN); undefined when unset. Throws when too short to be safe. */
export function operatorToken(env: NodeJS.ProcessEnv, variable: string): string | undefined {
  const token = env[variable]?.trim();
  if (!token) return undefined;
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new OperatorTokenError(`${variable} must be at least ${MIN_TOKEN_LENGTH} characters (e.g. openssl rand -hex 32); it has ${token.length}`);
  }
  return token;
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Host that only this machine uses: a loopback name or `<anything>.localhost`. */
export const isLocalHostName = (host: string | undefined): boolean => {
  const name = hostnameOf(host);
  return LOCAL_NAMES.has(name) || name.endsWith('.localhost');
};

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Whether `authorization` is `Bearer <token>`, in time that does not depend on how close it came. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** Lets through requests from this machine on a local host name, or bearing `token`; refuses the rest. */
export function operatorOnly(token: string | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const proxied = c.req.header('forwarded') !== undefined || c.req.header('x-real-ip') !== undefined;
    const local = !proxied && isLocalHostName(requestHost(c.req)) && fromThisMachine(c.env, c.req.header('x-forwarded-for'));
    if (local || (token !== undefined && bearerMatches(c.req.header('authorization'), token))) return next();
    if (token === undefined) return send(c, problem(403, 'Only answered on this machine.'));
    c.header('WWW-Authenticate', 'Bearer');
    return send(c, problem(401, 'A valid bearer token is needed.'));
  };
}
