/**
 * The list queries a generated client must be able to send: one for every query parameter the
 * list operation documents, with values taken from the stored rows (an exact value, a bound, two
 * values for [in], a prefix), each range or set sorted by its own key as the list requires; every
 * sort key and direction; page, pageSize and count. The reference answer of each is what the
 * service gives the same query written by hand, comma-separated as the document says.
 */
export type Query = Record<string, string | number | boolean | (string | number)[]>;

export interface ListCase {
  name: string;
  query: Query;
}

export type Row = Record<string, unknown> & { id: number };
// biome-ignore lint/suspicious/noExplicitAny: the document is walked by path.
export type Json = Record<string, any>;

/**
 * Parameters with cases of their own below (paging, sort, count) or of the walk (after), and
 * `deleted` (soft delete), which needs an admin token the clients here do not send: the example's
 * own test/product/soft-delete.test.ts sends it.
 */
const PAGING = new Set(['page', 'pageSize', 'after', 'sort', 'count', 'deleted']);

export function listParameters(document: Json, listPath: string): Json[] {
  return (document.paths[listPath].get.parameters as Json[]).map((parameter) =>
    parameter.$ref ? document.components.parameters[parameter.$ref.split('/').pop()] : parameter,
  );
}

export function listCases(parameters: Json[], rows: Row[]): ListCase[] {
  const cases: ListCase[] = [];
  for (const { name } of parameters.filter((parameter) => parameter.in === 'query' && !PAGING.has(parameter.name))) {
    const [, key, operator] = /^(\w+)(?:\[(\w+)\])?$/.exec(name as string)!;
    const values = [...new Set(rows.map((row) => row[key!]).filter((value) => value !== null && value !== undefined))] as (string | number | boolean)[];
    if (values.length < 2) throw new Error(`${name}: the rows need two values of ${key}`);
    const middle = values[Math.floor(values.length / 2)]!;
    const sorted: Query = operator === undefined ? {} : { sort: [key!] };
    // A strict bound at either end of the values still finds rows: past the middle of two (createdBy's two authors) it would not.
    const ordered = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const bound = operator === 'gt' ? ordered[0]! : operator === 'lt' ? ordered.at(-1)! : middle;
    const value =
      operator === 'in' ? [values[0], values[1]] : operator === 'prefix' ? String(middle).slice(0, Math.max(1, String(middle).length - 2)) : bound;
    cases.push({ name, query: { [name]: value as Query[string], ...sorted } });
  }
  const sort = parameters.find((parameter) => parameter.name === 'sort')!;
  for (const key of sort.schema.items.enum as string[]) cases.push({ name: `sort=${key}`, query: { sort: [key] } });
  const [first, second] = (sort.schema.items.enum as string[]).filter((key) => key !== 'id' && !key.startsWith('-'));
  if (first && second) cases.push({ name: 'sort by two keys', query: { sort: [`-${first}`, second] } });
  cases.push({ name: 'page and pageSize', query: { page: 2, pageSize: 3 } });
  cases.push({ name: 'count', query: { count: 'exact', pageSize: 2 } });
  return cases;
}

/** The query as the document describes it on the wire: arrays comma-separated (style form, explode false). */
export function queryString(query: Query): string {
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) parameters.set(name, Array.isArray(value) ? value.join(',') : String(value));
  return parameters.toString();
}
