import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { checkAnswers } from '../../src/answers/answers-file.js';
import { constraintNameProblem } from '../../src/answers/validate-answers.js';

// PostgreSQL cuts names at 63 bytes: customer_order_line_items_external_fulfillment_provider_referen
// was both the unique constraint and the list's index, and the create migration failed.
const LONG = { name: 'externalFulfillmentProviderReferenceId', type: 'string' as const, unique: true };

test('a unique or indexed field whose index name would run past 63 bytes is refused in one line, naming both', () => {
  const problem = constraintNameProblem('CustomerOrderLineItem', [LONG]) ?? '';
  assert.match(problem, /^field "externalFulfillmentProviderReferenceId": with the table customer_order_line_items, its index would be named \S+_unique, 12 characters past the 63 PostgreSQL keeps/);
  assert.not.match(problem, /\n/);
  assert.throws(() => checkAnswers({ entity: 'CustomerOrderLineItem', fields: [LONG] }), /12 characters past the 63/);
});

test('the same field is accepted unindexed, or with a shorter entity name', () => {
  assert.is(constraintNameProblem('CustomerOrderLineItem', [{ ...LONG, unique: false }]), undefined);
  assert.is(constraintNameProblem('Parcel', [LONG]), undefined);
});

test.run();
