/**
 * The resilience suite: a generated service as real processes, under load and faults (start-up
 * refusals, SIGTERM under load, abusive clients, SIGKILL on the embedded database, PgBouncer in
 * transaction mode and restarted, TLS with verify-full, the image's commands, timeouts, rollback).
 *
 * It needs PgBouncer, openssl and a PostgreSQL cluster of its own, and what it checks is the same
 * code for every field spec, so it is the generator's check of what it renders, not a folder of
 * every project: test/resilience-kit/ holds its templates (rendered with a project's own answers),
 * and `withResilienceKit` writes them into a copy of the project, beside the project's own tests
 * and helpers (test/support/factory.ts, test/support/tokens.ts, ...) that the suite builds on.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

import { readProject } from '../../src/lifecycle/project.js';
import { formatFiles } from '../../src/render/format-files.js';
import { loadTemplates, renderUnformatted } from '../../src/render/render.js';
import { GENERATOR_VERSION } from '../../src/version.js';
import { root } from './helpers.js';

const KIT_TEMPLATES = join(root, 'test/resilience-kit');
const BIOME_CONFIG = 'biome.jsonc';

/** What a copy leaves behind: installed or built output, and what a run writes (the project's .gitignore). */
const NOT_COPIED = new Set(['node_modules', 'dist', 'data', 'bench/results.json', 'k6/bodies.json', 'src/client/schema.d.ts', 'tools/openapi-types/node_modules']);

/**
 * Copies the project in `source` to `dir` (a new folder) and renders the resilience suite into its
 * test/resilience/ for the project's recorded answers, laid out by the project's own Biome
 * configuration as its `npm run format` would. Returns the files it wrote.
 */
export function withResilienceKit(source: string, dir: string): string[] {
  cpSync(source, dir, {
    recursive: true,
    filter: (path) => !NOT_COPIED.has(relative(source, path).split(sep).join('/')),
  });
  const { answers } = readProject(dir);
  const kit = renderUnformatted(answers, loadTemplates(KIT_TEMPLATES), GENERATOR_VERSION);
  const files = formatFiles(new Map([...kit, [BIOME_CONFIG, readFileSync(join(dir, BIOME_CONFIG), 'utf8')]]));
  files.delete(BIOME_CONFIG);
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return [...files.keys()];
}
