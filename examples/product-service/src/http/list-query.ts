import Joi from 'joi';

/** The range operators: `?id[gte]=100`. */
const RANGES = ['gt', 'gte', 'lt', 'lte'] as const;

/**
 * The filter operators: equality (`?id=300`), the ranges, a set (`?id[in]=1,2,3`) and, on text
 * keys, a prefix (`?<key>[prefix]=ab`).
 */
export type Operator = 'eq' | (typeof RANGES)[number] | 'in' | 'prefix';

/** Values one `[in]` filter may list. */
export const MAX_IN_VALUES = 100;

/** One filter: `id[gte]=100` is { key: 'id', operator: 'gte', value: 100 }. */
export interface Filter {
  key: string;
  operator: Operator;
  value: unknown;
}

/** One key of a sort: `-createdAt` is { key: 'createdAt', descending: true }. */
export interface SortKey<Key extends string = string> {
  key: Key;
  descending: boolean;
}

/** A request the list refuses before any query: answered 400 with this message. */
export class ListQueryError extends Error {
  override name = 'ListQueryError';
  readonly status = 400;
}

const WORDS: Record<Operator, string> = {
  eq: 'is equal to this',
  gt: 'is greater than this',
  gte: 'is at least this',
  lt: 'is less than this',
  lte: 'is at most this',
  in: 'is one of these (comma-separated, at most 100; a comma always separates, so a value holding one cannot be listed)',
  prefix: 'starts with this text, character for character (case and accents count)',
};

/**
 * The filter parameters of one key, each value checked by the key's own rule: `id` (equal),
 * `id[gt]`, `id[gte]`, `id[lt]`, `id[lte]` and `id[in]` (a list); and `<key>[prefix]` when the
 * key is text and `prefix` is the rule of its beginnings.
 */
export function filterParameters(key: string, rule: Joi.Schema, prefix?: Joi.Schema): Record<string, Joi.Schema> {
  // A rule's notes (a date-time's offsets and years) hold for its filters too.
  const notes = (rule.describe().notes ?? []).map((note: string) => ` ${note}`).join('');
  const described = (operator: Operator) => `Only the rows whose ${key} ${WORDS[operator]}.${notes}`;
  return {
    [key]: rule.description(described('eq')),
    ...Object.fromEntries(RANGES.map((operator) => [`${key}[${operator}]`, rule.description(described(operator))])),
    [`${key}[in]`]: Joi.array().items(rule).min(1).max(MAX_IN_VALUES).description(described('in')),
    ...(prefix === undefined ? {} : { [`${key}[prefix]`]: prefix.description(described('prefix')) }),
  };
}

/**
 * The first text after all those that start with `prefix`, in code point order: the prefix with
 * its last character replaced by the next one (`ab` -> `ac`), so that `>= prefix` and
 * `< prefixEnd(prefix)` are one range of an index. Undefined when no text follows them all (a
 * prefix of U+10FFFF only).
 */
export function prefixEnd(prefix: string): string | undefined {
  const characters = [...prefix];
  while (characters.length > 0) {
    const last = characters.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      // The surrogates U+D800-U+DFFF are no characters a text can hold: U+D7FF is followed by U+E000.
      return characters.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
    }
  }
  return undefined;
}

/** The filters among validated list parameters, in the order they were given. */
export function filtersOf(parameters: Record<string, unknown>, keys: readonly string[]): Filter[] {
  return Object.entries(parameters).flatMap(([name, value]) => {
    const [, key = '', operator = 'eq'] = /^(\w+)(?:\[(\w+)\])?$/.exec(name) ?? [];
    return keys.includes(key) && value !== undefined ? [{ key, operator: operator as Operator, value }] : [];
  });
}

/** A filter's number as JSON writes it, an exponent included: a client's String(0.00000018) is 1.8e-7. */
const JSON_NUMBER = /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
/** Paging takes plain digits: 1e3 is no page number. */
const PLAIN_NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;
const PAGING = new Set(['page', 'pageSize']);

/**
 * The query string as the list schema validates it: numbers (with an optional sign, decimals and
 * surrounding spaces; an exponent in filters) become numbers for the numeric parameters, anything else stays text for the rules to refuse, and `[in]` lists
 * are split at their commas, also when the key is repeated. Nothing is rounded or trimmed.
 */
export function fromQueryString(
  query: Record<string, string | string[] | undefined>,
  numeric: ReadonlySet<string>,
): Record<string, unknown> {
  const number = (text: string, form: RegExp) => (form.test(text.trim()) ? Number(text) : text);
  return Object.fromEntries(
    Object.entries(query).map(([name, raw]) => {
      const key = name.replace(/\[\w+\]$/, '');
      const convert = (text: string) => (numeric.has(key) ? number(text, PAGING.has(key) ? PLAIN_NUMBER : JSON_NUMBER) : text);
      // A list may also come as the key repeated (id[in]=1&id[in]=2, sort=-createdAt&sort=id), as clients send an array by default.
      if (name === 'sort' && Array.isArray(raw)) return [name, raw.join(',')];
      if (name.endsWith('[in]') && raw !== undefined)
        return [
          name,
          [raw]
            .flat()
            .flatMap((part) => part.split(','))
            .map(convert),
        ];
      return [name, typeof raw === 'string' ? convert(raw) : raw];
    }),
  );
}

/**
 * The sort parameter: keys separated by commas, each with a `-` in front for descending, each at
 * most once. The document states it as a list of exactly those keys and directions, so that
 * generated clients type it as a union.
 */
export function sortParameter(keys: readonly string[]): Joi.Schema {
  const allowed = `${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}`;
  const description =
    `Comma-separated keys, each at most once and with a - in front for descending: ${allowed}. Default id. ` +
    'Rows with equal keys are ordered by id, in the direction of the last key.';
  const documented = Joi.array()
    .items(Joi.string().valid(...keys.flatMap((key) => [key, `-${key}`])))
    .min(1)
    .max(keys.length)
    .unique()
    .description(description);
  return Joi.string()
    .custom((value: string, helpers) => {
      const sort = value.split(',').map((part) => ({ key: part.replace(/^-/, ''), descending: part.startsWith('-') }));
      const unknown = sort.find(({ key }) => !keys.includes(key));
      if (unknown !== undefined) return helpers.error('sort.key', { sortKey: unknown.key });
      const repeated = sort.find(({ key }, i) => sort.findIndex((other) => other.key === key) !== i);
      if (repeated !== undefined) return helpers.error('sort.repeated', { sortKey: repeated.key });
      return sort;
    })
    .messages({
      'sort.key': `{{#label}} can use ${allowed} (the keys with an index), each with a - in front for descending; "{#sortKey}" is not one of them`,
      'sort.repeated': '{{#label}} names {#sortKey} twice',
    })
    .description(description)
    .meta({ schemaOverride: documented });
}

/**
 * The message for a query parameter the list does not know, naming the ones it does: `parameters`
 * are all of them, `keys` the ones it sorts by, with their filters among `parameters`.
 */
export function unknownParameter(name: string, keys: readonly string[], parameters: readonly string[]): string {
  const [, key = ''] = /^(\w+)\[/.exec(name) ?? [];
  if (keys.includes(key)) {
    return `"${name}" is not a filter: use ${parameters.filter((parameter) => parameter === key || parameter.startsWith(`${key}[`)).join(', ')}`;
  }
  const others = parameters.filter((parameter) => !keys.includes(parameter.replace(/\[\w+\]$/, '')));
  return `"${name}" is not allowed: the list filters and sorts by ${keys.join(', ')} (the keys with an index); its other parameters are ${others.join(', ')}`;
}

/** The address of the next page: this request's, with `after` in place of `page` and of any earlier `after`. */
export function nextPage(ctx: { path: string; querystring: string }, cursor: string): string {
  const parameters = new URLSearchParams(ctx.querystring);
  parameters.delete('page');
  parameters.delete('after');
  parameters.set('after', cursor);
  return `${ctx.path}?${parameters}`;
}
