/** `npm run client:types`: writes src/client/schema.d.ts from the document (test/client-types.test.ts fails until it is current). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { clientTypes, SCHEMA_FILE } from './client-types.js';

writeFileSync(fileURLToPath(new URL(`../../${SCHEMA_FILE}`, import.meta.url)), await clientTypes());
console.log(`${SCHEMA_FILE} written`);
