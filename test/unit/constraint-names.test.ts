import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { checkAnswers } from '../../src/answers/answers-file.js';
import { entityFieldsProblem } from '../../src/answers/validate-answers.js';

// PostgreSQL cuts names at 63 bytes: customer_order_line_items_external_fulfillment_provider_referen
// was both the unique constraint and the list's index, and the create migration failed.
const LONG = { name: 'externalFulfillmentProviderReferenceId', type: 'string' as const, unique: true };

test('a unique or indexed field whose index name would run past 63 bytes is refused in one line, naming both', () => {
  const problem = entityFieldsProblem('CustomerOrderLineItem', [LONG]) ?? '';
  assert.match(problem, /^field "externalFulfillmentProviderReferenceId": with the table customer_order_line_items, its index would be named \S+_unique, 12 characters past the 63 PostgreSQL keeps/);
  assert.not.match(problem, /\n/);
  assert.throws(() => checkAnswers({ entity: 'CustomerOrderLineItem', fields: [LONG] }), /12 characters past the 63/);
});

test('the same field is accepted unindexed, or with a shorter entity name', () => {
  assert.is(entityFieldsProblem('CustomerOrderLineItem', [{ ...LONG, unique: false }]), undefined);
  assert.is(entityFieldsProblem('Parcel', [LONG]), undefined);
});

test('a field named after one of the entity\'s schemas is refused in one line: it would be declared twice', () => {
  for (const name of ['orderSchema', 'orderCreateSchema', 'orderUpdateSchema']) {
    assert.is(
      entityFieldsProblem('Order', [{ name, type: 'string' }]),
      `field name "${name}" clashes with ${name}, the order's schema in the generated code; choose another name`,
    );
  }
  assert.is(entityFieldsProblem('Order', [{ name: 'schema', type: 'string' }]), undefined);
  assert.is(entityFieldsProblem('Invoice', [{ name: 'orderSchema', type: 'string' }]), undefined);
});

test.run();
