import { readFileSync } from 'node:fs';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { clientTypes, SCHEMA_FILE } from '../tools/openapi-types/client-types.js';

test(`${SCHEMA_FILE} is what openapi-typescript makes of the current OpenAPI document (else: npm run client:types)`, async () => {
  const committed = readFileSync(new URL(`../${SCHEMA_FILE}`, import.meta.url), 'utf8');
  assert.fixture(committed, await clientTypes(), `${SCHEMA_FILE} is stale: run npm run client:types and commit it`);
});

test.run();
