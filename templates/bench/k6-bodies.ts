/**
 * Writes k6/bodies.json, the create bodies k6/create.ts sends: the tests' numbered bodies
 * (test/support/factory.ts), since k6 runs in a runtime of its own that cannot load the factory's
 * packages. k6's load profile makes about 2,400 creates; 10,000 bodies never repeat a unique
 * value within a run (fewer where a unique field has fewer values).
 *
 *   npm run k6:bodies
 */
import { writeFileSync } from 'node:fs';

import { CAPACITY, numberedList } from '../test/support/factory.js';

const BODIES = Math.min(10_000, CAPACITY.count);
const file = new URL('../k6/bodies.json', import.meta.url);
writeFileSync(file, JSON.stringify(numberedList(BODIES)));
console.log(`k6/bodies.json: ${BODIES} create bodies`);
