/**
 * The list requests `--rows` measures, each resolved against the table as it is in a round: the
 * first page, a cursor page half-way through, a range filter in its own field's order, a sort by
 * an indexed field, a prefix filter on a text key (where the list has one), one author's rows, and the exact count. A request the service refuses (a 400 from a service without that parameter) is
 * "not available" with the service's own words, and the other requests are still measured.
 */
import type { TableKeeper } from './table.js';

/** The page size a list client asks for. */
export const PAGE_SIZE = 20;
/** The largest page the service serves: the cursor walk takes the fewest steps with it. */
const WALK_PAGE_SIZE = 100;

export interface Round {
  url: string;
  /** `/api/<entities>` */
  api: string;
  headers: Record<string, string>;
  table: TableKeeper;
  /** Rows in the table this round. */
  rows: number;
}

/** The path to measure, or why there is none. */
export type Resolved = { path: string } | { unavailable: string };

export interface ListScenario {
  name: string;
  /** Its cost grows with the rows it counts, whatever the indexes: the exact count. */
  growsWithTable: boolean;
  resolve(round: Round): Promise<Resolved>;
}

const get = (round: Round, path: string) => fetch(`${round.url}${path}`, { headers: round.headers });

/** The `after` of a `Link: <...>; rel="next"` header, or undefined when there is no next page. */
export function nextCursor(link: string | null, base: string): string | undefined {
  const next = link?.split(',').find((part) => /;\s*rel="?next"?/.test(part));
  const target = next && /<([^>]*)>/.exec(next)?.[1];
  return target ? (new URL(target, base).searchParams.get('after') ?? undefined) : undefined;
}

/** The path if the service answers it with 200, else why not (status and the first line of the answer). */
async function answered(round: Round, path: string): Promise<Resolved> {
  const response = await get(round, path);
  if (response.status === 200) {
    await response.body?.cancel();
    return { path };
  }
  const text = (await response.text()).split('\n')[0]!.slice(0, 160);
  return { unavailable: `${response.status}: ${text}` };
}

/**
 * Follows `next` links from the first page, 100 rows a step, until half the table is behind, and
 * returns the page there: the cursor a client walking the list holds half-way, so the request
 * measured is exactly the one a walk sends (a filter `id[gte]` would make a cheaper cursor, but
 * for another query). Checks that the page starts at the row half-way in id order.
 */
async function halfWay(round: Round): Promise<Resolved> {
  const depth = Math.floor(round.rows / 2);
  let after: string | undefined;
  for (let walked = 0; walked < depth; ) {
    const size = Math.min(WALK_PAGE_SIZE, depth - walked);
    const path = `${round.api}?pageSize=${size}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`;
    const response = await get(round, path);
    if (response.status !== 200) return { unavailable: `${response.status} after ${walked} rows: ${(await response.text()).split('\n')[0]}` };
    await response.body?.cancel();
    after = nextCursor(response.headers.get('link'), round.url);
    if (after === undefined) return { unavailable: `no Link rel="next" after row ${walked + size}` };
    walked += size;
  }
  const path = `${round.api}?pageSize=${PAGE_SIZE}&after=${encodeURIComponent(after!)}`;
  const response = await get(round, path);
  if (response.status !== 200) return { unavailable: `${response.status}: ${(await response.text()).split('\n')[0]}` };
  const [first] = (await response.json()) as { id: number }[];
  const expected = await round.table.rowAt(depth);
  if (first?.id !== expected.id) return { unavailable: `the page starts at id ${first?.id}, but row ${depth + 1} has id ${expected.id}` };
  return { path };
}

/**
 * The createdAt of the row half-way in id order. Rows are created one second apart in id order,
 * so half the table is on or after it. The list requires a range to be sorted by its key (in id
 * order the database would read past half the table to find the first match), so the range
 * page is sorted by createdAt.
 */
async function middleTime(round: Round): Promise<string> {
  return (await round.table.rowAt(Math.floor(round.rows / 2))).createdAt.toISOString();
}

/**
 * A page of the rows whose first text key starts like the row half-way in id order: half of its
 * value, so that a few rows match. The key is the first `<key>[prefix]` parameter of the
 * service's OpenAPI document; a list without one has no such page.
 */
async function prefixPage(round: Round): Promise<Resolved> {
  type Document = { paths: Record<string, { get?: { parameters?: { name: string }[] } }> };
  const document = (await (await get(round, '/openapi.json')).json()) as Document;
  const parameter = document.paths[round.api]?.get?.parameters?.find(({ name }) => name.endsWith('[prefix]'));
  if (parameter === undefined) return { unavailable: 'the list has no text key to filter by prefix' };
  const key = parameter.name.slice(0, -'[prefix]'.length);
  const { id } = await round.table.rowAt(Math.floor(round.rows / 2));
  const [row] = (await (await get(round, `${round.api}?id=${id}`)).json()) as Record<string, unknown>[];
  const value = row?.[key];
  if (typeof value !== 'string') return { unavailable: `row ${id} has no ${key} to take a prefix of` };
  const prefix = encodeURIComponent([...value].slice(0, Math.ceil([...value].length / 2)).join(''));
  return answered(round, `${round.api}?${parameter.name}=${prefix}&sort=${key}&pageSize=${PAGE_SIZE}`);
}

export const LIST_SCENARIOS: ListScenario[] = [
  { name: 'first page', growsWithTable: false, resolve: (round) => answered(round, `${round.api}?pageSize=${PAGE_SIZE}`) },
  { name: 'cursor page half-way', growsWithTable: false, resolve: halfWay },
  {
    name: 'createdAt range, half the table',
    growsWithTable: false,
    resolve: async (round) => answered(round, `${round.api}?createdAt[gte]=${await middleTime(round)}&sort=createdAt&pageSize=${PAGE_SIZE}`),
  },
  { name: 'sorted by -createdAt', growsWithTable: false, resolve: (round) => answered(round, `${round.api}?sort=-createdAt&pageSize=${PAGE_SIZE}`) },
  { name: 'text key prefix, sorted by it', growsWithTable: false, resolve: prefixPage },
  // bench/fill.ts spreads the rows over its authors: one of them holds a thin slice of the table ("my items").
  { name: "one author's rows (createdBy)", growsWithTable: false, resolve: (round) => answered(round, `${round.api}?createdBy=user-7&pageSize=${PAGE_SIZE}`) },
  { name: 'count=exact', growsWithTable: true, resolve: (round) => answered(round, `${round.api}?count=exact&pageSize=${PAGE_SIZE}`) },
];
