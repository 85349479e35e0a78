/** `npm run client:types`: writes src/client/schema.d.ts (git-ignored) from the document; npm install and npm run typecheck run it first. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { clientTypes, SCHEMA_FILE } from './client-types.js';

writeFileSync(fileURLToPath(new URL(`../../${SCHEMA_FILE}`, import.meta.url)), await clientTypes());
console.log(`${SCHEMA_FILE} written`);
