import http from 'k6/http';

import { baseUrl, tokenRequest } from './profile.ts';

/**
 * Authorization headers for the run, from one token request in setup(): pass AUTH_PASSWORD
 * (and AUTH_USERNAME) with `k6 run -e AUTH_PASSWORD=...`. Without it no header is sent, which
 * suits AUTH_MODE=off. A refused token request stops the run before any load.
 */
export function authorizationHeaders(): Record<string, string> {
  const request = tokenRequest(__ENV, baseUrl());
  if (request === undefined) return {};
  const response = http.post(request.url, request.body, { headers: request.headers, tags: { name: 'token' } });
  if (response.status !== 200) {
    throw new Error(`POST ${request.url} answered ${response.status}: ${String(response.body)}`);
  }
  const { accessToken } = response.json() as { accessToken: string };
  return { Authorization: `Bearer ${accessToken}` };
}
