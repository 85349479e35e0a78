import * as assert from 'uvu/assert';
import { suite } from 'uvu';

// Aliased: an entity named Record would hide TypeScript's Record type below.
import { Product as ProductModel } from '../src/product/product.model.js';
import { productChange, productInput, numberedProductInput, post, put, useService, WRITE_HEADERS } from './helpers.js';
import { expectText, listAll } from './responses.js';
import { AUTHORIZATION } from './tokens.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PATH = '/api/products';

const test = suite('products');
const service = useService(test);

async function create(body: Record<string, unknown> = productInput()) {
  const response = await post(service(), PATH, body);
  assert.is(response.status, 201, await response.clone().text());
  return (await response.json()) as Record<string, unknown>;
}

/** The fields of an answer, without id, createdAt and updatedAt. */
function fieldsOf({ id, createdAt, updatedAt, ...fields }: Record<string, unknown>) {
  return fields;
}

test('POST creates a product and answers 201 with Location and the stored row', async () => {
  const response = await post(service(), PATH, productInput());
  assert.is(response.status, 201);
  assert.is(response.headers.get('location'), `${PATH}/1`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(Object.keys(body).sort(), ['createdAt', 'description', 'id', 'name', 'price', 'quantity', 'updatedAt']);
  assert.is(body.id, 1);
  assert.equal(fieldsOf(body), productInput());
  assert.match(String(body.createdAt), ISO_UTC);
  assert.is(body.createdAt, body.updatedAt);
  const age = Date.now() - Date.parse(String(body.createdAt));
  assert.ok(age >= 0 && age < 60_000, `createdAt is recent (${age} ms)`);
});

test('GET by id reads back exactly what was created', async () => {
  const created = await create();
  const response = await service().api(`${PATH}/${created.id}`);
  assert.is(response.status, 200);
  assert.equal(await response.json(), created);
});

test('a query through Objection (Product.query()) reads the row as the API answers it', async () => {
  const created = await create();
  const [read] = await ProductModel.query().where('id', created.id as number);
  assert.equal(JSON.parse(JSON.stringify(read)), created);
});

test('GET list answers an empty array, without Link, and X-Total-Count 0 only when asked', async () => {
  const response = await service().api(PATH);
  assert.is(response.status, 200);
  assert.is(response.headers.get('x-total-count'), null);
  assert.is(response.headers.get('link'), null);
  assert.equal(await response.json(), []);
  assert.is((await service().api(`${PATH}?count=exact`)).headers.get('x-total-count'), '0');
});

test('GET list pages by id with defaults page 1 and pageSize 20', async () => {
  for (let i = 1; i <= 25; i++) await create(numberedProductInput(i));
  const first = await service().api(`${PATH}?count=exact`);
  assert.is(first.headers.get('x-total-count'), '25');
  const firstIds = ((await first.json()) as { id: number }[]).map((o) => o.id);
  assert.equal(firstIds, Array.from({ length: 20 }, (_, i) => i + 1));

  const second = await service().api(`${PATH}?page=2&pageSize=10`);
  assert.is(second.headers.get('x-total-count'), null);
  assert.equal(((await second.json()) as { id: number }[]).map((o) => o.id), [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);

  const beyond = await service().api(`${PATH}?page=9&count=exact`);
  assert.equal(await beyond.json(), []);
  assert.is(beyond.headers.get('x-total-count'), '25');
});

test('invalid paging answers 400', async () => {
  for (const query of ['pageSize=101', 'pageSize=0', 'page=0', 'page=-1', 'page=1.5', 'pageSize=abc', 'page=1&page=2', 'page=1e3', 'sort=']) {
    const response = await service().api(`${PATH}?${query}`);
    assert.is(response.status, 400, query);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  }
  const max = await service().api(`${PATH}?pageSize=100`);
  assert.is(max.status, 200);
});

test('PUT changes only the given fields and moves updatedAt', async () => {
  const created = await create();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const response = await put(service(), `${PATH}/${created.id}`, productChange);
  assert.is(response.status, 200);
  const updated = (await response.json()) as Record<string, unknown>;
  assert.equal({ ...updated, updatedAt: undefined }, { ...created, ...productChange, updatedAt: undefined });
  assert.is(updated.createdAt, created.createdAt);
  assert.match(String(updated.updatedAt), ISO_UTC);
  assert.ok(Date.parse(String(updated.updatedAt)) > Date.parse(String(created.updatedAt)), 'updatedAt moved');
  assert.equal(await (await service().api(`${PATH}/${created.id}`)).json(), updated);
});

test('PUT can change every field at once', async () => {
  const created = await create();
  const changes = { name: 'Widget (updated)', description: 'A small widget (updated)', price: 20.99, quantity: 4 };
  const updated = (await (await put(service(), `${PATH}/${created.id}`, changes)).json()) as Record<string, unknown>;
  assert.equal({ ...updated, updatedAt: undefined }, { ...created, ...changes, updatedAt: undefined });
});

test('PUT with an empty object answers 400 and changes nothing', async () => {
  const created = await create();
  const response = await put(service(), `${PATH}/${created.id}`, {});
  await expectText(response, 400, /at least one field/);
  assert.equal(await listAll(service()), [created]);
});

test('DELETE answers 204 with no body, then the product is gone', async () => {
  const created = await create();
  const response = await service().api(`${PATH}/${created.id}`, { method: 'DELETE', headers: { Authorization: AUTHORIZATION } });
  assert.is(response.status, 204);
  assert.is(await response.text(), '');
  assert.is((await service().api(`${PATH}/${created.id}`)).status, 404);
  assert.equal(await listAll(service()), []);
});

test('a missing id answers 404 naming the id for GET, PUT and DELETE', async () => {
  await create();
  await expectText(await service().api(`${PATH}/42`), 404, 'Product 42 not found');
  await expectText(await put(service(), `${PATH}/42`, productChange), 404, 'Product 42 not found');
  await expectText(await service().api(`${PATH}/42`, { method: 'DELETE', headers: { Authorization: AUTHORIZATION } }), 404, 'Product 42 not found');
  assert.is((await listAll(service())).length, 1);
});

test('an id that is not a positive 32-bit integer answers 400', async () => {
  for (const id of ['abc', '0', '-1', '1.5', '2147483648', '1e3', '+1', '%201', '0x10', '99999999999999999999']) {
    for (const [method, body] of [['GET'], ['PUT', JSON.stringify(productChange)], ['DELETE']] as const) {
      const response = await service().api(`${PATH}/${id}`, {
        method,
        body,
        headers: body ? WRITE_HEADERS : { Authorization: AUTHORIZATION },
      });
      await expectText(response, 400, 'id must be a positive integer');
    }
  }
  assert.is((await service().api(`${PATH}/2147483647`)).status, 404);
});

// ---

/**
 * What each field accepts and refuses, from its rules: every accepted value reads back unchanged
 * (acceptsAs: accepted, and answered in another form), every refused value is answered with 400
 * naming the problem.
 */
interface FieldCases {
  field: string;
  /** Required on create; an optional field is stored as whenAbsent when a create leaves it out. */
  required?: true;
  whenAbsent?: unknown;
  /** A duplicate is answered with 409. */
  unique?: true;
  accepts: unknown[];
  acceptsAs?: [unknown, unknown][];
  refuses: [unknown, string][];
}

const FIELD_CASES: FieldCases[] = [
  {
    field: 'name',
    required: true,
    accepts: ['Widget', 'n', 'n'.repeat(100)],
    refuses: [
      ['', '"name" is not allowed to be empty'],
      ['n'.repeat(101), '"name" length must be less than or equal to 100 characters long'],
      ['Widget\u0000', '"name" must not contain NUL characters or unpaired surrogates'],
      ['Widget\ud800', '"name" must not contain NUL characters or unpaired surrogates'],
      [5, '"name" must be a string'],
      [null, '"name" must be a string'],
    ],
  },
  {
    field: 'description',
    whenAbsent: null,
    accepts: ['A small widget', '', 'd'.repeat(500), null],
    refuses: [
      ['d'.repeat(501), '"description" length must be less than or equal to 500 characters long'],
      ['A small widget\u0000', '"description" must not contain NUL characters or unpaired surrogates'],
      ['A small widget\ud800', '"description" must not contain NUL characters or unpaired surrogates'],
      [5, '"description" must be a string'],
    ],
  },
  {
    field: 'price',
    required: true,
    accepts: [19.99, 0.01, 9_999_999_999_999.99, 1.11],
    refuses: [
      [0, '"price" must be greater than or equal to 0.01'],
      [10_000_000_000_000, '"price" must be less than or equal to 9999999999999.99'],
      [19.995, '"price" must have no more than 2 decimal places'],
      ['19.99', '"price" must be a number'],
      [null, '"price" must be a number'],
    ],
  },
  {
    field: 'quantity',
    required: true,
    accepts: [3, 1, 2_147_483_647],
    refuses: [
      [0, '"quantity" must be greater than or equal to 1'],
      [2_147_483_648, '"quantity" must be less than or equal to 2147483647'],
      [3.5, '"quantity" must be an integer'],
      ['3', '"quantity" must be a number'],
      [null, '"quantity" must be a number'],
    ],
  },
];

/** A 400 in plain text naming this problem, beside any other the value breaks too. */
async function expectProblem(response: Response, problem: string) {
  assert.is(response.status, 400, problem);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  assert.match(await response.text(), problem);
}

const fields = suite('product fields');
const fieldService = useService(fields);

for (const { field, required, whenAbsent, unique, accepts, acceptsAs = [], refuses } of FIELD_CASES) {
  const accepted = [...accepts.map((value) => [value, value]), ...acceptsAs];

  fields(`${field}: POST stores each accepted value, read back unchanged`, async () => {
    for (const [i, [value, answered]] of accepted.entries()) {
      const response = await post(fieldService(), PATH, numberedProductInput(i + 1, { [field]: value }));
      assert.is(response.status, 201, `${JSON.stringify(value)}: ${await response.clone().text()}`);
      const created = (await response.json()) as Record<string, unknown>;
      assert.is(created[field], answered);
      assert.equal(await (await fieldService().api(`${PATH}/${created.id}`)).json(), created);
    }
  });

  fields(`${field}: PUT stores each accepted value, read back unchanged`, async () => {
    const { id } = (await (await post(fieldService(), PATH, productInput())).json()) as { id: number };
    for (const [value, answered] of accepted) {
      const response = await put(fieldService(), `${PATH}/${id}`, { [field]: value });
      assert.is(response.status, 200, `${JSON.stringify(value)}: ${await response.clone().text()}`);
      const read = (await (await fieldService().api(`${PATH}/${id}`)).json()) as Record<string, unknown>;
      assert.is(read[field], answered);
    }
  });

  fields(`${field}: each refused value answers 400 naming the problem, on POST and PUT, and changes nothing`, async () => {
    const created = (await (await post(fieldService(), PATH, productInput())).json()) as Record<string, unknown>;
    for (const [value, problem] of refuses) {
      await expectProblem(await post(fieldService(), PATH, productInput({ [field]: value })), problem);
      await expectProblem(await put(fieldService(), `${PATH}/${created.id}`, { [field]: value }), problem);
    }
    assert.equal(await listAll(fieldService()), [created]);
  });

  if (required) {
    fields(`${field}: a create without it answers 400`, async () => {
      const response = await post(fieldService(), PATH, productInput({ [field]: undefined }));
      await expectText(response, 400, `"${field}" is required`);
      assert.equal(await listAll(fieldService()), []);
    });
  } else {
    fields(`${field}: a create without it stores ${JSON.stringify(whenAbsent)}; null in an update clears it`, async () => {
      const created = (await (await post(fieldService(), PATH, productInput({ [field]: undefined }))).json()) as Record<string, unknown>;
      assert.is(created[field], whenAbsent);
      const { id } = (await (await post(fieldService(), PATH, numberedProductInput(1))).json()) as { id: number };
      const cleared = (await (await put(fieldService(), `${PATH}/${id}`, { [field]: null })).json()) as Record<string, unknown>;
      assert.is(cleared[field], null);
    });
  }

  if (unique) {
    fields(`${field}: a duplicate answers 409 naming the field, on POST and PUT`, async () => {
      const first = (await (await post(fieldService(), PATH, numberedProductInput(1))).json()) as Record<string, unknown>;
      const duplicate = { [field]: first[field] };
      await expectText(await post(fieldService(), PATH, numberedProductInput(2, duplicate)), 409, new RegExp(field));
      const second = (await (await post(fieldService(), PATH, numberedProductInput(3))).json()) as { id: number };
      await expectText(await put(fieldService(), `${PATH}/${second.id}`, duplicate), 409, new RegExp(field));
      assert.is((await listAll(fieldService())).length, 2);
    });
  }
}

// ---

const invalid = suite('product validation');
const validationService = useService(invalid);

invalid('an unknown field or an id in the body answers 400 and stores nothing', async () => {
  await expectText(await post(validationService(), PATH, productInput({ colour: 'red' })), 400, '"colour" is not allowed');
  await expectText(await post(validationService(), PATH, productInput({ id: 7 })), 400, '"id" is not allowed');
  assert.equal(await listAll(validationService()), []);
});

invalid('POST {} names every missing field in one plain-text answer', async () => {
  const response = await post(validationService(), PATH, {});
  await expectText(response, 400, '"name" is required; "price" is required; "quantity" is required');
});

invalid('every broken rule of a body is named in one answer, on POST and PUT', async () => {
  const broken = Object.fromEntries([...FIELD_CASES.map(({ field, refuses }) => [field, refuses[0]![0]]), ['colour', 'red']]);
  const problems = [...FIELD_CASES.map(({ refuses }) => refuses[0]![1]), '"colour" is not allowed'];
  const created = (await (await post(validationService(), PATH, productInput())).json()) as { id: number };
  for (const response of [await post(validationService(), PATH, broken), await put(validationService(), `${PATH}/${created.id}`, broken)]) {
    assert.is(response.status, 400);
    const text = await response.text();
    for (const problem of problems) assert.ok(text.includes(problem), `${problem} in: ${text}`);
  }
  assert.equal(await listAll(validationService()), [created]);
});

test.run();
fields.run();
invalid.run();
