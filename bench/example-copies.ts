/**
 * Copies of the reference example for the bench to run beside it: its sources with some text
 * edited (a layer switched off: bench/layers.ts), as a commit of this repository had them (the
 * "before" of a change: bench/run.ts --before), or a project rendered from other answers (a feature
 * on or off: bench/features.ts, bench/events.ts). Packages resolve from the root's install, as the
 * example's own do.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Answers } from '../src/answers/answers.js';
import { generate } from '../src/generate/generate.js';

import { holdUntilReleased } from './interrupt.js';

export interface Edit {
  file: string;
  find: string | RegExp;
  replace: string;
}

const root = new URL('..', import.meta.url).pathname;
const example = 'examples/product-service';
const made: string[] = [];
let releaseCopies = () => {};

/** The parts of the example a server runs from. */
const PARTS = ['src', 'package.json', 'tsconfig.json'];

function newFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'example-copy-'));
  if (made.length === 0) releaseCopies = holdUntilReleased(removeCopies);
  made.push(dir);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * A copy of the example's sources (or of another copy's, `from`) with `edits` made; an edit whose
 * text is not there throws.
 */
export function copyOfExample(edits: Edit[], from = join(root, example)): string {
  const dir = newFolder();
  for (const part of PARTS) cpSync(join(from, part), join(dir, part), { recursive: true });
  for (const { file, find, replace } of edits) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (typeof find === 'string' ? !text.includes(find) : !find.test(text)) {
      throw new Error(`bench: ${file} no longer holds ${String(find)}; update the edit`);
    }
    writeFileSync(join(dir, file), text.replace(find, replace));
  }
  return dir;
}

/** The example as commit `ref` of this repository holds it. */
export function exampleAt(ref: string): string {
  const dir = newFolder();
  const archive = execFileSync('git', ['archive', '--format=tar', ref, ...PARTS.map((part) => `${example}/${part}`)], { cwd: root, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '--strip-components=2', '-C', dir], { input: archive });
  return dir;
}

/** A project rendered from `answers`, as the generator writes it. */
export function renderedProject(answers: Answers): string {
  const dir = newFolder();
  generate({ answers, outDir: dir, force: true });
  return dir;
}

/** Removes every copy made by this process. */
export function removeCopies(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  releaseCopies();
}
