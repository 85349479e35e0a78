import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { root } from './helpers.js';

/**
 * What `biome check --error-on-warnings` finds in a folder, infos included (`biome check` passes
 * over an info such as a suggested template literal; generated code must have none at all), or
 * undefined when it finds nothing.
 */
export function biomeFindings(cwd: string): string | undefined {
  const result = spawnSync(join(root, 'node_modules/.bin/biome'), ['check', '--error-on-warnings', '--reporter=json'], { cwd, encoding: 'utf8' });
  try {
    const { summary, diagnostics } = JSON.parse(result.stdout) as { summary: { infos: number }; diagnostics: unknown[] };
    if (result.status === 0 && summary.infos === 0 && diagnostics.length === 0) return undefined;
  } catch {
    // Not a report: said below with the rest of what Biome printed.
  }
  return `biome check exited ${result.status} with findings:\n${result.stdout.slice(0, 4000)}${result.stderr.slice(-2000)}`;
}
