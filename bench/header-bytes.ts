/**
 * The bytes of an answer's status line and headers, as they cross the wire (the body aside):
 * what every answer of a busy API pays in bandwidth and in the client's parsing.
 */
import { get } from 'node:http';

import type { Target } from './targets.js';

export function headerBytes(target: Target, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(`${target.url}${path}`, { headers: target.headers }, (response) => {
      const lines = [`HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}`];
      for (let i = 0; i < response.rawHeaders.length; i += 2) lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
      response.resume();
      response.on('end', () => resolve(Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`)));
    });
    request.on('error', reject);
  });
}
