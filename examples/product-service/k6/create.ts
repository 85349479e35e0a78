import { check, sleep } from 'k6';
import http from 'k6/http';

import { productBody } from './product-body.ts';
import { THINK_TIME_SECONDS, baseUrl, loadProfile } from './profile.ts';

// Create requests answer 201 with p95 under 1000 ms.
export const options = loadProfile('create', 1000);

const url = `${baseUrl()}/api/products`;
const params = { headers: { 'Content-Type': 'application/json' }, tags: { name: 'create' } };

export default function (): void {
  const response = http.post(url, JSON.stringify(productBody(__VU, __ITER)), params);
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
