import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { MAX_ID } from '../../src/product/product.schema.js';
import { createBody, runs, updateBody } from '../support/arbitraries.js';
import { answeredFields, type Fields, stored, UNIQUE_FIELDS } from '../support/factory.js';
import { type Service, useService } from '../support/helpers.js';
import { fieldsOf } from '../support/responses.js';
import { AUTHORIZATION } from '../support/tokens.js';

// Model-based test: random sequences of create, get, list, update and delete run against the
// service and against a Map; after every step the service must answer what the Map predicts: the
// fields as sent (stored exactly), and every read equal to the last write's answer.

/** A row as the service last answered it; the model predicts its fields, the service sets the rest. */
type Row = Record<string, unknown> & { id: number };
interface Model {
  rows: Map<number, Row>;
}

const PATH = '/api/products';
const notFound = (id: number) => `Product ${id} not found`;
const WRITE_HEADERS = { 'Content-Type': 'application/json', Authorization: AUTHORIZATION };

/** The service's row with its id but without the other keys it sets (version, times, who), which the model does not predict. */
const fields = (body: Record<string, unknown>) => ({ id: body.id, ...fieldsOf(body) });

/** An id: usually one the model knows (by index), sometimes one that never existed. */
const idPick = fc.oneof(
  { weight: 4, arbitrary: fc.nat().map((index) => ({ index })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: MAX_ID }).map((id) => ({ id })) },
);
type IdPick = { index: number } | { id: number };
const resolveId = (model: Model, pick: IdPick) => {
  if ('id' in pick) return pick.id;
  const ids = [...model.rows.keys()];
  return ids.length === 0 ? 1_000_000 : ids[pick.index % ids.length]!;
};

/**
 * Whether `values` would give a unique field a value that a row other than `id` holds. The
 * commands never send such a duplicate: fast-check skips a command whose check fails.
 */
function duplicates(model: Readonly<Model>, values: Record<string, unknown>, id?: number): boolean {
  return [...model.rows.values()].some(
    (row) => row.id !== id && UNIQUE_FIELDS.some((field) => values[field] != null && values[field] === row[field]),
  );
}

class Create implements fc.AsyncCommand<Model, Service> {
  constructor(readonly input: Fields) {}
  check = (model: Readonly<Model>) => !duplicates(model, stored(this.input));
  async run(model: Model, service: Service) {
    const response = await service.api(PATH, { method: 'POST', headers: WRITE_HEADERS, body: JSON.stringify(this.input) });
    assert.is(response.status, 201);
    const row = (await response.json()) as Row;
    assert.not.ok(model.rows.has(row.id), `id ${row.id} reused`);
    assert.equal(fields(row), { ...stored(this.input), id: row.id });
    model.rows.set(row.id, row);
  }
  toString = () => `create(${JSON.stringify(this.input)})`;
}

class Get implements fc.AsyncCommand<Model, Service> {
  constructor(readonly pick: IdPick) {}
  check = () => true;
  async run(model: Model, service: Service) {
    const id = resolveId(model, this.pick);
    const response = await service.api(`${PATH}/${id}`);
    const expected = model.rows.get(id);
    assert.is(response.status, expected ? 200 : 404);
    assert.equal(expected ? await response.json() : await response.text(), expected ?? notFound(id));
  }
  toString = () => `get(${JSON.stringify(this.pick)})`;
}

class List implements fc.AsyncCommand<Model, Service> {
  constructor(
    readonly page: number,
    readonly pageSize: number,
  ) {}
  check = () => true;
  async run(model: Model, service: Service) {
    const response = await service.api(`${PATH}?page=${this.page}&pageSize=${this.pageSize}&count=exact`);
    assert.is(response.status, 200);
    const all = [...model.rows.values()].sort((a, b) => a.id - b.id);
    const start = (this.page - 1) * this.pageSize;
    assert.is(response.headers.get('x-total-count'), String(all.length));
    assert.equal(await response.json(), all.slice(start, start + this.pageSize));
  }
  toString = () => `list(${this.page}, ${this.pageSize})`;
}

class Update implements fc.AsyncCommand<Model, Service> {
  constructor(
    readonly pick: IdPick,
    readonly changes: Partial<Fields>,
  ) {}
  check = (model: Readonly<Model>) => !duplicates(model, answeredFields(this.changes), resolveId(model, this.pick));
  async run(model: Model, service: Service) {
    const id = resolveId(model, this.pick);
    const response = await service.api(`${PATH}/${id}`, { method: 'PUT', headers: WRITE_HEADERS, body: JSON.stringify(this.changes) });
    const before = model.rows.get(id);
    assert.is(response.status, before ? 200 : 404);
    if (!before) return assert.is(await response.text(), notFound(id));
    const answer = (await response.json()) as Row;
    assert.equal(fields(answer), { ...fields(before), ...answeredFields(this.changes) });
    assert.is(answer.createdAt, before.createdAt);
    model.rows.set(id, answer);
  }
  toString = () => `update(${JSON.stringify(this.pick)}, ${JSON.stringify(this.changes)})`;
}

class Delete implements fc.AsyncCommand<Model, Service> {
  constructor(readonly pick: IdPick) {}
  check = () => true;
  async run(model: Model, service: Service) {
    const id = resolveId(model, this.pick);
    const response = await service.api(`${PATH}/${id}`, { method: 'DELETE', headers: { Authorization: AUTHORIZATION } });
    const row = model.rows.get(id);
    assert.is(response.status, row ? 204 : 404);
    assert.is(await response.text(), row ? '' : notFound(id));
    model.rows.delete(id);
  }
  toString = () => `delete(${JSON.stringify(this.pick)})`;
}

const commands = [
  createBody.map((input) => new Create(input)),
  createBody.map((input) => new Create(input)),
  idPick.map((pick) => new Get(pick)),
  fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 5 })).map(([page, size]) => new List(page, size)),
  fc.tuple(idPick, updateBody).map(([pick, changes]) => new Update(pick, changes)),
  idPick.map((pick) => new Delete(pick)),
];

const test = suite('product model');
const service = useService(test);

test('random command sequences agree with an in-memory model after every step', async () => {
  let steps = 0;
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: '+1' }), async (sequence) => {
      await service().reset();
      steps += [...sequence].length;
      await fc.asyncModelRun(() => ({ model: { rows: new Map() }, real: service() }), sequence);
    }),
    // 25 sequences of up to 30 steps: several hundred commands checked by default.
    { numRuns: runs(25) },
  );
  console.log(`  model: ${steps} commands checked against the model`);
});

test.run();
