import fc from 'fast-check';

import type { DrawnRequest, KnownValues, Operation, Parameter } from './document-requests.js';
import { validValue } from './schema-values.js';
import { AUTHORIZATION } from './tokens.js';

// Requests made only of what the document allows, which the service must therefore accept: a
// schema-driven client or fuzzer sends exactly these and counts a refusal as the service breaking
// its own document.

/** A request and the statuses that count as accepting it. */
export interface ValidRequest {
  request: DrawnRequest;
  accepted: number[];
}

/** A value as a URL carries it: arrays comma-separated (form, not exploded), percent-encoded. */
const inUrl = (value: unknown) => encodeURIComponent((Array.isArray(value) ? value : [value]).map(String).join(','));

/**
 * The list's parameters whose valid values still depend on another one, as its description says:
 * a page number's depth on the page size, a cursor on the list it was made for.
 */
const DEPENDENT = new Set(['page', 'after']);

/** One query parameter from its schema, with the sort on its key when it filters by more than equality. */
function oneParameter(query: Parameter[]): fc.Arbitrary<string> {
  const sortable = new Set((query.find((parameter) => parameter.name === 'sort')?.schema.items?.enum ?? []).map(String));
  const usable = query.filter((parameter) => !DEPENDENT.has(parameter.name));
  return fc.constantFrom(...usable).chain((parameter) =>
    validValue(parameter.schema)
      // Rules OpenAPI 3.0 states only in words: the sort names each key at most once (not id and
      // -id), and a comma always separates a list's items.
      .filter(
        (value) =>
          parameter.name !== 'sort' ||
          (Array.isArray(value) && new Set(value.map((key) => String(key).replace(/^-/, ''))).size === value.length),
      )
      .filter((value) => !Array.isArray(value) || value.every((item) => !String(item).includes(',')))
      .map((value) => {
        const [, key, operator] = /^(\w+)(?:\[(\w+)\])?$/.exec(parameter.name) ?? [];
        const sort = operator !== undefined && key !== undefined && sortable.has(key) ? `&sort=${key}` : '';
        return `${parameter.name}=${inUrl(value)}${sort}`;
      }),
  );
}

/**
 * Valid requests to an operation, or undefined where validity depends on more than the document
 * holds (a token request needs the right password; a delete removes what later requests read).
 * Creates and updates send a body from the schema: stored (2xx), or 409 when a unique value is taken.
 * A list gets one parameter from its schema; a read, a stored id.
 */
export function validRequestsFor(
  method: string,
  path: string,
  operation: Operation,
  known: KnownValues,
): fc.Arbitrary<ValidRequest> | undefined {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((parameter) => parameter.in === 'path');
  if (inPath.some((parameter) => (known[parameter.name] ?? []).length === 0)) return undefined;
  const ids = inPath.map((parameter) => fc.constantFrom(...known[parameter.name]!));
  const filled = fc.tuple(...ids).map((values) => inPath.reduce((at, parameter, i) => at.replace(`{${parameter.name}}`, values[i]!), path));
  const success = Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  const body = operation.requestBody?.content['application/json']?.schema;
  const writes =
    (method === 'post' && operation.responses['201'] !== undefined) || ((method === 'put' || method === 'patch') && inPath.length > 0);
  if (body !== undefined && writes) {
    const accepted = [...success, ...(operation.responses['409'] === undefined ? [] : [409])];
    return fc.tuple(filled, validValue(body)).map(([at, value]) => ({
      request: {
        method: method.toUpperCase(),
        path: at,
        headers: { authorization: AUTHORIZATION, 'content-type': 'application/json' },
        body: JSON.stringify(value),
      },
      accepted,
    }));
  }
  if (method !== 'get') return undefined;
  const query = parameters.filter((parameter) => parameter.in === 'query');
  return fc.tuple(filled, query.length === 0 ? fc.constant('') : oneParameter(query)).map(([at, search]) => ({
    request: { method: 'GET', path: search === '' ? at : `${at}?${search}`, headers: {} },
    accepted: success,
  }));
}
