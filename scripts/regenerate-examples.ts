/**
 * Regenerates the committed examples exactly as the CLI would, removing files the generator no
 * longer writes. Run with `npm run examples` after any template change.
 *
 * - examples/product-service: `create-item-service Product --yes` (the standard item fields);
 * - examples/book-service: `create-item-service --answers examples/book-service/create-item-service.json --yes`,
 *   its own fields read from its answers file.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { readAnswersFile } from '../src/answers/answers-file.js';
import { generate } from '../src/generate/generate.js';
import { DEFAULT_PORTS, type Answers } from '../src/answers/answers.js';
import { linkRootModules } from '../test/support/helpers.js';

const examples = fileURLToPath(new URL('../examples', import.meta.url));
/** Installed and runtime folders belong to whoever runs the example, not to the generator. */
const KEEP = new Set(['node_modules', 'data', 'dist', '.env']);

function regenerate(folder: string, answers: Answers): void {
  const dir = join(examples, folder);
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!KEEP.has(entry.name)) rmSync(join(entry.parentPath, entry.name), { recursive: true, force: true });
  }
  generate({ answers, outDir: dir, force: true });
  // The client's types are made from the example's own document by its `prepare` (as `npm install` runs it).
  linkRootModules(dir);
  console.log(`examples/${folder} regenerated`);
}

// Read before the folder is emptied: the answers file is the example's spec.
const book = readAnswersFile(join(examples, 'book-service/create-item-service.json'));

regenerate('product-service', { entity: 'Product', ...DEFAULT_PORTS });
regenerate('book-service', { ...DEFAULT_PORTS, ...book });
