/** The root bench's scenarios (list of 100 rows, get by id, create) and the rows they read. */
import type { Request } from '../examples/product-service/bench/load.js';

import type { Target } from './targets.js';

/** The rows a list reads (all of them, in one page). */
export const ROWS = 100;

/** Each scenario as a factory of request generators: a fresh one per run sends the same requests in the same order. */
export function scenarios(ids: number[]): Record<string, (target: Target) => () => Request> {
  const json = { 'content-type': 'application/json' };
  const counting = (request: (n: number, target: Target) => Request) => (target: Target) => {
    let n = 0;
    return () => request(n++, target);
  };
  return {
    'list (100 rows)': counting((_n, { headers }) => ({ method: 'GET', path: `/api/products?pageSize=${ROWS}`, headers })),
    'get by id': counting((n, { headers }) => ({ method: 'GET', path: `/api/products/${ids[n % ids.length]}`, headers })),
    create: counting((n, { headers }) => ({
      method: 'POST',
      path: '/api/products',
      body: JSON.stringify({ name: `Bench ${n}`, description: 'Load test', price: 19.99, quantity: 3 }),
      headers: { ...json, ...headers },
    })),
  };
}

/** Requests a wrk script holds, taken in turn: a get cycles through the ids, a create through as many names. */
const SCRIPT_REQUESTS = 1000;

/** The requests of one scenario's load, as bench/wrk.ts sends them. */
export function requestList(next: () => Request): Request[] {
  return Array.from({ length: SCRIPT_REQUESTS }, next);
}

/** The rows a list reads, inserted through the example's API. */
export async function seed(example: Target): Promise<void> {
  for (let n = 0; n < ROWS; n++) {
    const body = JSON.stringify({ name: `Item ${n}`, description: n % 2 === 0 ? `Description ${n}` : undefined, price: (100 + n) / 100, quantity: n + 1 });
    const response = await fetch(`${example.url}/api/products`, { method: 'POST', headers: { 'content-type': 'application/json', ...example.headers }, body });
    if (response.status !== 201) throw new Error(`seeding: the example answered ${response.status}: ${await response.text()}`);
  }
}
