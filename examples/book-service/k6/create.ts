import { check, sleep } from 'k6';
import http from 'k6/http';

import { authorizationHeaders } from './auth.ts';
import { bookBody } from './book-body.ts';
import { baseUrl, loadProfile, THINK_TIME_SECONDS } from './profile.ts';

// Create requests answer 201 with p95 under 1000 ms.
export const options = loadProfile('create', 1000);

const url = `${baseUrl()}/api/books`;

interface Setup {
  headers: Record<string, string>;
}

/** Runs once before the load: creating needs a token (unless AUTH_MODE=off). */
export function setup(): Setup {
  return { headers: { 'Content-Type': 'application/json', ...authorizationHeaders() } };
}

export default function ({ headers }: Setup): void {
  const response = http.post(url, JSON.stringify(bookBody(__VU, __ITER)), { headers, tags: { name: 'create' } });
  check(
    response,
    {
      'create answers 201': (r) => r.status === 201,
      'create sets Location': (r) => (r.headers.Location ?? '').startsWith('/api/books/'),
    },
    { name: 'create' },
  );
  sleep(THINK_TIME_SECONDS);
}
