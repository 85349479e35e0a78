import { Agent, request, type OutgoingHttpHeaders } from 'node:http';

import { AUTHORIZATION } from './tokens.js';

export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
}

/** Requests sent and 5xx answers seen by send(), for the figures a test file prints at its end. */
export const tally = { requests: 0, serverErrors: 0 };

// Enough sockets for the 24 parallel clients of the concurrency test to really run at once.
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

/**
 * One request with full control over the path (sent as written), headers (an array value sends
 * the header twice) and body bytes. Content-Length is always set, so no body leaks into the next request.
 * A token with every scope is sent unless `headers` has its own authorization.
 */
export function send(
  port: number,
  method: string,
  path: string,
  headers: OutgoingHttpHeaders = {},
  body?: string | Buffer,
): Promise<RawResponse> {
  const bytes = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const allHeaders: OutgoingHttpHeaders = { authorization: AUTHORIZATION, ...headers };
  if (bytes) allHeaders['content-length'] ??= bytes.length;
  tally.requests++;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: allHeaders, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status >= 500) tally.serverErrors++;
        resolve({ status, contentType: res.headers['content-type'] ?? '', text: Buffer.concat(chunks).toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(bytes);
  });
}

/** The port of a base URL such as http://127.0.0.1:34567. */
export function portOf(url: string): number {
  return Number(new URL(url).port);
}
