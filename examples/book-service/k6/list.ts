import { check, sleep } from 'k6';
import http from 'k6/http';

import { authorizationHeaders } from './auth.ts';
import { baseUrl, loadProfile, THINK_TIME_SECONDS } from './profile.ts';

// List requests answer 200 with p95 under 500 ms.
export const options = loadProfile('list', 500);

const url = `${baseUrl()}/api/books`;

interface Setup {
  headers: Record<string, string>;
}

/** Runs once before the load: with AUTH_MODE=all reading needs a token too. */
export function setup(): Setup {
  return { headers: authorizationHeaders() };
}

export default function ({ headers }: Setup): void {
  const response = http.get(url, { headers, tags: { name: 'list' } });
  check(response, { 'list answers 200': (r) => r.status === 200 }, { name: 'list' });
  sleep(THINK_TIME_SECONDS);
}
