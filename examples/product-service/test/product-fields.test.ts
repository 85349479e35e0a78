import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asCreate, asUpdate, clientOf } from './client.js';
import { numberedProductInput, post, productInput, put, useService } from './helpers.js';
import { expectText, listAll } from './responses.js';

const PATH = '/api/products';

/**
 * What each field accepts and refuses, from its rules: every accepted value reads back unchanged
 * (acceptsAs: accepted, and answered in another form), every refused value is answered with 400
 * naming the problem.
 */
interface FieldCases {
  field: string;
  /** A create must send it; any other field is stored as whenAbsent when a create leaves it out. */
  required?: true;
  whenAbsent?: unknown;
  /** A duplicate is answered with 409. */
  unique?: true;
  /** Null is among them for an optional field; a required one refuses null. */
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
    fields(`${field}: a create without it stores ${JSON.stringify(whenAbsent)}`, async () => {
      const created = (await (await post(fieldService(), PATH, productInput({ [field]: undefined }))).json()) as Record<string, unknown>;
      assert.is(created[field], whenAbsent);
    });
  }

  if (accepts.includes(null)) {
    fields(`${field}: null on create stores none; null in an update clears it`, async () => {
      const created = (await (await post(fieldService(), PATH, numberedProductInput(1, { [field]: null }))).json()) as Record<
        string,
        unknown
      >;
      assert.is(created[field], null);
      const { id } = (await (await post(fieldService(), PATH, numberedProductInput(2))).json()) as { id: number };
      // Through the typed client: its update type lets an optional field be null.
      const { data: cleared } = await clientOf(fieldService()).PUT(`${PATH}/{id}`, {
        params: { path: { id } },
        body: asUpdate({ [field]: null }),
      });
      assert.is(cleared?.[field as keyof typeof cleared], null);
    });
  }

  if (unique) {
    fields(`${field}: a duplicate answers 409 naming the field, on POST and PUT`, async () => {
      const first = (await (await post(fieldService(), PATH, numberedProductInput(1))).json()) as Record<string, unknown>;
      const duplicate = { [field]: first[field] };
      // Through the typed client: a 409 comes back as its status and message.
      const refused = await clientOf(fieldService()).POST(PATH, { body: asCreate(numberedProductInput(2, duplicate)) });
      assert.is(refused.response.status, 409);
      assert.match(String(refused.error), new RegExp(field));
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

fields.run();
invalid.run();
