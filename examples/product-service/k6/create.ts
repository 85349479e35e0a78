import { check, sleep } from 'k6';
import { SharedArray } from 'k6/data';
import exec from 'k6/execution';
import http from 'k6/http';

import { authorizationHeaders } from './auth.ts';
import { baseUrl, loadProfile, THINK_TIME_SECONDS } from './profile.ts';

// Create requests answer 201 with p95 under 1000 ms.
export const options = loadProfile('create', 1000);

const url = `${baseUrl()}/api/products`;

/** The bodies to create, written by `npm run k6:bodies` from the tests' numbered bodies; each iteration sends the next. */
const bodies = new SharedArray('product bodies', () => JSON.parse(open('./bodies.json')) as object[]);

interface Setup {
  headers: Record<string, string>;
}

/** Runs once before the load: creating needs a token (unless AUTH_MODE=off). */
export function setup(): Setup {
  return { headers: { 'Content-Type': 'application/json', ...authorizationHeaders() } };
}

export default function ({ headers }: Setup): void {
  const response = http.post(url, JSON.stringify(bodies[exec.scenario.iterationInTest % bodies.length]), {
    headers,
    tags: { name: 'create' },
  });
  check(
    response,
    {
      'create answers 201': (r) => r.status === 201,
      'create sets Location': (r) => (r.headers.Location ?? '').startsWith('/api/products/'),
    },
    { name: 'create' },
  );
  sleep(THINK_TIME_SECONDS);
}
