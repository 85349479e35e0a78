import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asCreate, asUpdate, clientOf } from './client.js';
import { bookInput, numberedBookInput, post, put, useService } from './helpers.js';
import { expectText, listAll } from './responses.js';

const PATH = '/api/books';

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
    field: 'title',
    required: true,
    accepts: ['The Pragmatic Programmer', 't', 't'.repeat(200)],
    refuses: [
      ['', '"title" is not allowed to be empty'],
      ['t'.repeat(201), '"title" length must be less than or equal to 200 characters long'],
      ['The Pragmatic Programmer\u0000', '"title" must not contain NUL characters or unpaired surrogates'],
      ['The Pragmatic Programmer\ud800', '"title" must not contain NUL characters or unpaired surrogates'],
      [5, '"title" must be a string'],
      [null, '"title" must be a string'],
    ],
  },
  {
    field: 'isbn',
    required: true,
    unique: true,
    accepts: ['978-0-13-595705-9'],
    refuses: [
      ['', '"isbn" is not allowed to be empty'],
      ['x'.repeat(256), '"isbn" length must be less than or equal to 255 characters long'],
      [' 978-0-13-595705-9', '"isbn" with value " 978-0-13-595705-9" fails to match the required pattern: /^[0-9-]{10,17}$/'],
      ['978-0-13-595705-9\u0000', '"isbn" must not contain NUL characters or unpaired surrogates'],
      ['978-0-13-595705-9\ud800', '"isbn" must not contain NUL characters or unpaired surrogates'],
      [5, '"isbn" must be a string'],
      [null, '"isbn" must be a string'],
    ],
  },
  {
    field: 'pages',
    whenAbsent: null,
    accepts: [352, 1, 2_147_483_647, null],
    refuses: [
      [0, '"pages" must be greater than or equal to 1'],
      [2_147_483_648, '"pages" must be less than or equal to 2147483647'],
      [352.5, '"pages" must be an integer'],
      ['352', '"pages" must be a number'],
    ],
  },
  {
    field: 'price',
    whenAbsent: null,
    accepts: [39.99, 0, 99_999_999.99, 1.11, null],
    refuses: [
      [-0.01, '"price" must be greater than or equal to 0'],
      [100_000_000, '"price" must be less than or equal to 99999999.99'],
      [39.995, '"price" must have no more than 2 decimal places'],
      ['39.99', '"price" must be a number'],
    ],
  },
  {
    field: 'format',
    whenAbsent: 'paperback',
    accepts: ['hardcover', 'paperback', 'ebook', null],
    refuses: [
      ['HARDCOVER', '"format" must be one of [hardcover, paperback, ebook, null]'],
      [5, '"format" must be one of [hardcover, paperback, ebook, null]'],
    ],
  },
  {
    field: 'published',
    whenAbsent: null,
    accepts: ['2019-09-13', '2028-02-29', null],
    refuses: [
      ['2026-02-30', '"published" must be a date the calendar has'],
      ['2026-1-31', '"published" with value "2026-1-31" fails to match the YYYY-MM-DD pattern'],
      [20_260_131, '"published" must be a string'],
    ],
  },
  {
    field: 'available',
    whenAbsent: true,
    accepts: [true, false, null],
    refuses: [
      ['yes', '"available" must be a boolean'],
      [1, '"available" must be a boolean'],
    ],
  },
];

/** A 400 in plain text naming this problem, beside any other the value breaks too. */
async function expectProblem(response: Response, problem: string) {
  assert.is(response.status, 400, problem);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
  assert.match(await response.text(), problem);
}

const fields = suite('book fields');
const fieldService = useService(fields);

for (const { field, required, whenAbsent, unique, accepts, acceptsAs = [], refuses } of FIELD_CASES) {
  const accepted = [...accepts.map((value) => [value, value]), ...acceptsAs];

  fields(`${field}: POST stores each accepted value, read back unchanged`, async () => {
    for (const [i, [value, answered]] of accepted.entries()) {
      const response = await post(fieldService(), PATH, numberedBookInput(i + 1, { [field]: value }));
      assert.is(response.status, 201, `${JSON.stringify(value)}: ${await response.clone().text()}`);
      const created = (await response.json()) as Record<string, unknown>;
      assert.is(created[field], answered);
      assert.equal(await (await fieldService().api(`${PATH}/${created.id}`)).json(), created);
    }
  });

  fields(`${field}: PUT stores each accepted value, read back unchanged`, async () => {
    const { id } = (await (await post(fieldService(), PATH, bookInput())).json()) as { id: number };
    for (const [value, answered] of accepted) {
      const response = await put(fieldService(), `${PATH}/${id}`, { [field]: value });
      assert.is(response.status, 200, `${JSON.stringify(value)}: ${await response.clone().text()}`);
      const read = (await (await fieldService().api(`${PATH}/${id}`)).json()) as Record<string, unknown>;
      assert.is(read[field], answered);
    }
  });

  fields(`${field}: each refused value answers 400 naming the problem, on POST and PUT, and changes nothing`, async () => {
    const created = (await (await post(fieldService(), PATH, bookInput())).json()) as Record<string, unknown>;
    for (const [value, problem] of refuses) {
      await expectProblem(await post(fieldService(), PATH, bookInput({ [field]: value })), problem);
      await expectProblem(await put(fieldService(), `${PATH}/${created.id}`, { [field]: value }), problem);
    }
    assert.equal(await listAll(fieldService()), [created]);
  });

  if (required) {
    fields(`${field}: a create without it answers 400`, async () => {
      const response = await post(fieldService(), PATH, bookInput({ [field]: undefined }));
      await expectText(response, 400, `"${field}" is required`);
      assert.equal(await listAll(fieldService()), []);
    });
  } else {
    fields(`${field}: a create without it stores ${JSON.stringify(whenAbsent)}`, async () => {
      const created = (await (await post(fieldService(), PATH, bookInput({ [field]: undefined }))).json()) as Record<string, unknown>;
      assert.is(created[field], whenAbsent);
    });
  }

  if (accepts.includes(null)) {
    fields(`${field}: null on create stores none; null in an update clears it`, async () => {
      const created = (await (await post(fieldService(), PATH, numberedBookInput(1, { [field]: null }))).json()) as Record<string, unknown>;
      assert.is(created[field], null);
      const { id } = (await (await post(fieldService(), PATH, numberedBookInput(2))).json()) as { id: number };
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
      const first = (await (await post(fieldService(), PATH, numberedBookInput(1))).json()) as Record<string, unknown>;
      const duplicate = { [field]: first[field] };
      // Through the typed client: a 409 comes back as its status and message.
      const refused = await clientOf(fieldService()).POST(PATH, { body: asCreate(numberedBookInput(2, duplicate)) });
      assert.is(refused.response.status, 409);
      assert.match(String(refused.error), new RegExp(field));
      const second = (await (await post(fieldService(), PATH, numberedBookInput(3))).json()) as { id: number };
      await expectText(await put(fieldService(), `${PATH}/${second.id}`, duplicate), 409, new RegExp(field));
      assert.is((await listAll(fieldService())).length, 2);
    });
  }
}

// ---

const invalid = suite('book validation');
const validationService = useService(invalid);

invalid('an unknown field or an id in the body answers 400 and stores nothing', async () => {
  await expectText(await post(validationService(), PATH, bookInput({ colour: 'red' })), 400, '"colour" is not allowed');
  await expectText(await post(validationService(), PATH, bookInput({ id: 7 })), 400, '"id" is not allowed');
  assert.equal(await listAll(validationService()), []);
});

invalid('POST {} names every missing field in one plain-text answer', async () => {
  const response = await post(validationService(), PATH, {});
  await expectText(response, 400, '"title" is required; "isbn" is required');
});

invalid('every broken rule of a body is named in one answer, on POST and PUT', async () => {
  const broken = Object.fromEntries([...FIELD_CASES.map(({ field, refuses }) => [field, refuses[0]![0]]), ['colour', 'red']]);
  const problems = [...FIELD_CASES.map(({ refuses }) => refuses[0]![1]), '"colour" is not allowed'];
  const created = (await (await post(validationService(), PATH, bookInput())).json()) as { id: number };
  for (const response of [await post(validationService(), PATH, broken), await put(validationService(), `${PATH}/${created.id}`, broken)]) {
    assert.is(response.status, 400);
    const text = await response.text();
    for (const problem of problems) assert.ok(text.includes(problem), `${problem} in: ${text}`);
  }
  assert.equal(await listAll(validationService()), [created]);
});

fields.run();
invalid.run();
