import { check, sleep } from 'k6';
import http from 'k6/http';

import { THINK_TIME_SECONDS, baseUrl, loadProfile } from './profile.ts';

// List requests answer 200 with p95 under 500 ms.
export const options = loadProfile('list', 500);

const url = `${baseUrl()}/api/products`;

export default function (): void {
  const response = http.get(url, { tags: { name: 'list' } });
  check(response, { 'list answers 200': (r) => r.status === 200 }, { name: 'list' });
  sleep(THINK_TIME_SECONDS);
}
