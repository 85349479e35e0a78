import { readFileSync } from 'node:fs';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { getToken, PATH } from './support/auth-helpers.js';
import { type Answer, create, post, useService } from './support/helpers.js';
import { TEST_PASSWORD, TEST_USERNAME } from './support/tokens.js';

// The README's examples, sent to the service: a reader who copies one gets what the README shows.

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The one thing `pattern` finds in the README: its first group. */
function quoted(pattern: RegExp, what: string): string {
  const found = pattern.exec(readme)?.[1];
  assert.ok(found, `the README shows ${what}`);
  return found;
}

/** The JSON type of a value as a reader sees it: `string`, `number`, `boolean`, `null`, `array` or `object`. */
const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Keys in order and, where the answer has a value, its JSON type. */
function assertSameShape(answer: Record<string, unknown>, example: Record<string, unknown>, what: string): void {
  assert.equal(Object.keys(answer), Object.keys(example), `${what}: keys`);
  for (const [key, value] of Object.entries(answer)) {
    if (value !== null) assert.is(jsonType(value), jsonType(example[key]), `${what}: ${key}`);
  }
}

const examples = suite("the README's examples");
const service = useService(examples);

examples('the example record has the keys of a stored one, in order, with their types', async () => {
  const record = JSON.parse(quoted(/```json\n([\s\S]*?)\n```/, 'a record as JSON')) as Record<string, unknown>;
  const { answer } = await create(service());
  assertSameShape(answer, record, 'the answer to a create');
  const read = (await (await service().api(`${PATH}/${answer.id}`)).json()) as Answer;
  assertSameShape(read, record, 'a read');
});

examples("the token endpoint's answer has the keys the endpoints table shows", async () => {
  const shown = quoted(/`\{"username","password"\}` -> `(\{[^`]*\})`/, 'the token answer');
  const keys = [...shown.matchAll(/"(\w+)"(?::"(\w+)")?/g)];
  const response = await getToken(service(), { username: TEST_USERNAME, password: TEST_PASSWORD });
  assert.is(response.status, 200);
  const answer = (await response.json()) as Record<string, unknown>;
  assert.equal(
    Object.keys(answer),
    keys.map(([, key]) => key),
  );
  for (const [, key, value] of keys) if (value !== undefined) assert.is(answer[key!], value, key);
});

examples("the curl example's create is stored and answered as the example record", async () => {
  const body = quoted(/curl -X POST localhost:\d+\/api\/\S+ [^\n]*\n[^\n]*-d '(.*)'\n/, 'a curl create').replaceAll("'\\''", "'");
  const response = await post(service(), PATH, body);
  assert.is(response.status, 201, await response.clone().text());
  const record = JSON.parse(quoted(/```json\n([\s\S]*?)\n```/, 'a record as JSON')) as Record<string, unknown>;
  assertSameShape((await response.json()) as Record<string, unknown>, record, 'the answer');
});

examples("the endpoints table's list request answers a page", async () => {
  const list = quoted(/`(\/api\/[^`?]+\?[^`]+)`/, 'a list request');
  const response = await service().api(list);
  assert.is(response.status, 200, await response.clone().text());
  assert.ok(Array.isArray(await response.json()));
});

examples.run();
