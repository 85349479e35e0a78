/**
 * Answers as owners write them, drawn from the whole field spec space: every type and modifier,
 * required fields with a default, few-valued unique fields, and the combinations that broke projects
 * before (unique with a pattern, unique dates and enums, narrow ranges, decimals at the edges of
 * precision and scale, patterns without an example, tricky names, long entity names). The sweep
 * (test/spec-sweep.ts) builds and tests a project of
 * each; test/render/spec-space.test.ts renders many more in-process.
 */
import fc from 'fast-check';

import { checkAnswers } from '../../src/answers/answers-file.js';
import { validateEntity } from '../../src/answers/validate-answers.js';
import { FieldSpecError } from '../../src/fields/validate-fields.js';
import { NOUNS } from './nouns.js';

/** Codes and formats owners write: SKUs, ISBNs, member numbers, slugs, country codes. */
const PATTERNS = [
  '^[A-Z]{3}-[0-9]{4}$', '^97[89]-\\d{10}$', '^[a-z0-9]+(-[a-z0-9]+)*$', '^[A-Z]{2}$', '^\\S.*$', '^[A-Z][a-z]+$',
  '^SKU-\\d{6,8}$', '^[0-9a-f]{8}$', '^(EU|US)-[0-9]{5}$', '^[a-z]+$',
  // fast-check misreads a class range at \w (the web's legacy reading: \w, - and .); a / the document escapes.
  '^[\\w-.]+$', '^[a-zA-Z%/°]+$',
];
/** Names close to the generated code's own words; the ones the spec refuses are fields-names.test.ts's. */
const NAMES = ['code', 'sku', 'isbn', 'title', 'status', 'value', 'key', 'label', 'note', 'total', 'startsOn', 'endsAt', 'owner', 'rank', 'ratio', 'kind', 'email', 'externalId', 'data', 'length'];
const ENTITIES = ['Membership', 'Parcel', 'order line', 'Warehouse inventory adjustment record', 'Status', 'Index', 'Person', 'Box'];

const common = { required: fc.boolean(), key: fc.constantFrom('unique', 'index', undefined) };

const field = fc.oneof(
  fc.record({
    type: fc.constantFrom('string', 'text'),
    ...common,
    pattern: fc.option(fc.constantFrom(...PATTERNS), { nil: undefined }),
    minLength: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }),
    maxLength: fc.option(fc.constantFrom(2, 8, 12, 40, 200, 600), { nil: undefined }),
  }),
  fc.record({ type: fc.constant('email'), ...common, maxLength: fc.option(fc.constantFrom(12, 60, 254), { nil: undefined }) }),
  fc.record({
    type: fc.constant('integer'),
    ...common,
    min: fc.option(fc.constantFrom(-2_147_483_648, -5, 0, 1), { nil: undefined }),
    max: fc.option(fc.constantFrom(1, 10, 100_000, 2_147_483_647), { nil: undefined }),
  }),
  fc.integer({ min: 1, max: 18 }).chain((precision) =>
    fc.record({
      type: fc.constant('decimal'),
      ...common,
      precision: fc.constant(precision),
      scale: fc.integer({ min: 0, max: precision }),
      min: fc.option(fc.constantFrom(0, 0.01), { nil: undefined }),
    }),
  ),
  fc.record({ type: fc.constantFrom('date', 'datetime', 'uuid'), ...common }),
  // A default beside required or not: "never null, draft when left out" as well as "draft unless set to null".
  fc.record({ type: fc.constant('boolean'), required: fc.boolean(), key: fc.constant(undefined), default: fc.option(fc.boolean(), { nil: undefined }) }),
  fc
    .uniqueArray(fc.constantFrom('new', 'open', 'closed', 'a-b', 'X', 'two words'), { minLength: 1, maxLength: 4 })
    .chain((values) =>
      fc.record({ type: fc.constant('enum'), ...common, values: fc.constant(values), default: fc.option(fc.constantFrom(...values), { nil: undefined }) }),
    ),
);

/** A spec as an owner writes it: the drawn modifiers, without the ones left out. */
export const spec = fc.record({
  // The sweep's projects take their names from the common nouns too: a rotating sample runs its own tests.
  entity: fc.constantFrom(...ENTITIES, ...NOUNS.filter((noun) => validateEntity(noun) === undefined)),
  fields: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), field), { minLength: 1, maxLength: 6, selector: ([name]) => name }).map((drawn) =>
    drawn.map(([name, { key, ...rest }]) => {
      // required: false is left out, as owners write it; a default of false is a default.
      const modifiers = Object.fromEntries(Object.entries(rest).filter(([key, value]) => value !== undefined && (value !== false || key === 'default')));
      return { name, ...modifiers, ...(key === undefined ? {} : { [key]: true }) };
    }),
  ),
  // Soft delete on or off: left out as an owner leaves it out, or true.
  softDelete: fc.option(fc.constant(true as const), { nil: undefined }),
  // Tenants kept apart or not: a plain claim or an identity provider's namespaced one.
  tenantClaim: fc.option(fc.constantFrom('org_id', 'https://example.com/tenant'), { nil: undefined }),
});

/**
 * Why the generator refuses drawn answers (their fields, and what the fields make with the entity:
 * index names, tenancy), or undefined when it accepts them. Anything but a refusal is thrown.
 */
export function refusalOf(answers: object): string | undefined {
  try {
    checkAnswers(answers);
    return undefined;
  } catch (error) {
    if (!(error instanceof FieldSpecError)) throw error;
    return error.message;
  }
}
