/**
 * Regenerates examples/product-service exactly as `create-item-service Product --yes` would,
 * removing files the generator no longer writes, and refreshes the list of names the generated
 * code declares (src/template-identifiers.ts). Run with `npm run examples` after any template change.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { generate } from '../src/generate.js';
import { writeIdentifiersModule } from './template-identifiers.js';

const example = fileURLToPath(new URL('../examples/product-service', import.meta.url));
/** Installed and runtime folders belong to whoever runs the example, not to the generator. */
const KEEP = new Set(['node_modules', 'data', 'dist', '.env']);

mkdirSync(example, { recursive: true });
for (const entry of readdirSync(example, { withFileTypes: true })) {
  if (!KEEP.has(entry.name)) rmSync(join(entry.parentPath, entry.name), { recursive: true, force: true });
}
generate({ answers: { entity: 'Product', port: 8080, managementPort: 8081 }, outDir: example, force: true });
writeIdentifiersModule();
console.log('examples/product-service regenerated; src/template-identifiers.ts refreshed');
