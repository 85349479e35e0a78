/**
 * The list at a million rows: the reference example's own `npm run bench -- --rows N`, which
 * measures the list requests at 100 rows and with the table filled to N, prints both rounds and
 * their ratios, and deletes the rows it inserted; then the generator's targets (list-targets.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { holdChild } from './interrupt.js';
import { checkListTargets, printListTargets, type ListScaleFigures, type TargetCheck } from './list-targets.js';

const example = new URL('../examples/product-service', import.meta.url).pathname;

/** Runs the example's bench with `--rows` on databaseUrl, its tables printed as it goes, and returns its figures and the targets checked. */
export async function listAtScale(databaseUrl: string, rows: number, short: boolean): Promise<ListScaleFigures & { targets: TargetCheck[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'list-at-scale-'));
  const out = join(dir, 'results.json');
  try {
    const args = ['--import', 'tsx/esm', 'bench/run.ts', '--rows', String(rows), ...(short ? ['--short'] : []), '--out', out];
    const child = holdChild(spawn(process.execPath, args, { cwd: example, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit'] }));
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`the example's bench --rows ${rows} exited with ${code}`);
    const figures = JSON.parse(readFileSync(out, 'utf8')) as ListScaleFigures;
    const targets = checkListTargets(figures);
    printListTargets(targets, rows);
    return { ...figures, targets };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
