/**
 * Before anything is measured, every target must answer the same requests the same way: a
 * comparison with a baseline that does less (another JSON, a missing header) would flatter it.
 */
import type { Target } from './targets.js';

interface Answer {
  status: number;
  contentType: string | null;
  totalCount: string | null;
  location: string | null;
  body: unknown;
}

async function answer(target: Target, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${target.url}${path}`, { ...init, headers: { ...target.headers, ...(init.headers as Record<string, string>) } });
  const body = (await response.json()) as Record<string, unknown>;
  // A new row's id and times differ from target to target; their form must not.
  const location = response.headers.get('location');
  if (response.status === 201) {
    for (const key of ['createdAt', 'updatedAt']) if (typeof body[key] === 'string' && !Number.isNaN(Date.parse(body[key]))) body[key] = '<time>';
    if (location === `/api/products/${body.id}`) body.id = '<id>';
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    totalCount: response.headers.get('x-total-count'),
    location: location?.replace(/\d+$/, '<id>') ?? null,
    body: Array.isArray(body) ? body.map(withoutAuthors) : withoutAuthors(body),
  };
}

/**
 * A row without its authors: the example answers who created and last changed it (createdBy,
 * updatedBy, from the token), which the baselines and peers, having no accounts, cannot. Their cost
 * stays in the example's figures; only the comparison of answers leaves them out.
 */
function withoutAuthors(row: Record<string, unknown>): Record<string, unknown> {
  const { createdBy: _created, updatedBy: _updated, ...rest } = row;
  return rest;
}

/** JSON with every object's keys in one order: the order of a JSON object's members carries no meaning. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item,
  );
}

/** Throws, naming the request and the targets, unless every target answers alike. */
export async function checkSameAnswers(targets: Target[], ids: number[]): Promise<void> {
  const create = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Same', price: 1.5, quantity: 2 }) };
  const requests: [string, string, RequestInit?][] = [
    ['list of 100', '/api/products?pageSize=100'],
    ['list, default page', '/api/products'],
    ['get by id', `/api/products/${ids[1]}`],
    ['create', '/api/products', create],
  ];
  for (const [what, path, init] of requests) {
    const answers = await Promise.all(targets.map((target) => answer(target, path, init)));
    const first = canonical(answers[0]);
    for (const [index, other] of answers.entries()) {
      if (canonical(other) !== first) {
        throw new Error(`${what}: ${targets[index]!.name} answers otherwise than ${targets[0]!.name}:\n${JSON.stringify(other)}\n${first}`);
      }
    }
  }
}
