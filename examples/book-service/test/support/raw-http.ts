import { Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders, request } from 'node:http';

import * as assert from 'uvu/assert';

import { AUTHORIZATION } from './tokens.js';

export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
  headers: IncomingHttpHeaders;
}

/** Requests sent and 5xx answers seen by send(), for the figures a test file prints at its end. */
export const tally = { requests: 0, serverErrors: 0 };

// Enough sockets for the 24 parallel clients of the concurrency test to really run at once.
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

/**
 * One request with full control over the path (sent as written), headers (an array value sends
 * the header twice) and body bytes. Content-Length is always set, so no body leaks into the next request.
 * A token with every scope is sent unless `headers` has its own authorization (undefined: none).
 */
export function send(
  port: number,
  method: string,
  path: string,
  headers: OutgoingHttpHeaders = {},
  body?: string | Buffer,
): Promise<RawResponse> {
  const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  // An authorization set to undefined sends none.
  const allHeaders: OutgoingHttpHeaders = Object.fromEntries(
    Object.entries({ authorization: AUTHORIZATION, ...headers }).filter(([, value]) => value !== undefined),
  );
  if (bytes) allHeaders['content-length'] ??= bytes.length;
  tally.requests++;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: allHeaders, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status >= 500) tally.serverErrors++;
        resolve({ status, contentType: res.headers['content-type'] ?? '', text: Buffer.concat(chunks).toString(), headers: res.headers });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

/** Fails unless the answer is a plain-text client error (never 5xx, never JSON). */
export function assertClientError(response: RawResponse, context: unknown, status?: number): void {
  const where = `${response.status} ${response.text} for ${JSON.stringify(context)}`;
  if (status === undefined) assert.ok(response.status >= 400 && response.status < 500, where);
  else assert.is(response.status, status, where);
  assert.match(response.contentType, /^text\/plain/, where);
}

/** Fails unless the answer is a plain-text 400 whose message names `key` (Joi quotes it: `"name" is required`). */
export function assertRefused(response: RawResponse, context: unknown, key: string): void {
  assertClientError(response, context, 400);
  assert.ok(response.text.includes(`"${key}"`), `${response.text} does not name ${key}, for ${JSON.stringify(context)}`);
}

/** Fails on a 5xx, and on a client error that is not plain text. */
export function assertNoServerError(response: RawResponse, context: unknown): void {
  assert.ok(response.status < 500, `${response.status} ${response.text} for ${JSON.stringify(context)}`);
  if (response.status >= 400) assertClientError(response, context);
}
