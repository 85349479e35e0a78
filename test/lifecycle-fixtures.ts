/**
 * Fixtures for the lifecycle tests: a real earlier release of the generator (the current templates
 * changed back the way a release changes them) and projects generated on disk.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { recordGeneration } from '../src/lifecycle/record.js';
import { loadTemplates, render, TEMPLATES_DIR, type Answers, type RenderedFiles } from '../src/render.js';
import { GENERATOR_VERSION } from '../src/version.js';
import { root } from './helpers.js';

export const product: Answers = { entity: 'Product', port: 8080, managementPort: 8081 };

/** The version before this one; the working tree's templates are the release after it. */
export const PREVIOUS_VERSION = '0.0.0-previous';

/** What the release from PREVIOUS_VERSION to this version changed, as rendered paths for Product. */
export interface Release {
  /** The package folder of the previous version: package.json and templates/. */
  dir: string;
  /** Lines of src/app.ts that the release changed: [previous text, this version's text]. */
  appChanges: Array<[string, string]>;
  /** A file the release added, changed, removed, and the two names of a renamed file. */
  added: string;
  changed: string;
  removed: string;
  renamed: { from: string; to: string };
}

/**
 * Builds the previous release in `dir` from the current templates: src/app.ts edited in three
 * places (two lines changed, one line the release removed), README.md edited near its end, a test
 * the release added is absent, a notes file the release removed is present, and a source file
 * the release renamed has its old name.
 */
export function previousRelease(dir: string): Release {
  const templates = join(dir, 'templates');
  cpSync(TEMPLATES_DIR, templates, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'create-item-service', version: PREVIOUS_VERSION }, null, 2)}\n`);

  const appChanges: Array<[string, string]> = [];
  editTemplate(templates, 'src/app.ts.hbs', (lines) => {
    const [first, second, third] = plainLineIndexes(lines, [0.3, 0.55, 0.8]) as [number, number, number];
    for (const index of [first, second]) {
      const current = lines[index] ?? '';
      lines[index] = `${current} // previous release`;
      appChanges.push([lines[index], current]);
    }
    lines.splice(third + 1, 0, '  // a line the release removed');
  });
  editTemplate(templates, 'README.md.hbs', (lines) => {
    const [index] = plainLineIndexes(lines, [0.9]) as [number];
    lines[index] = `${lines[index] ?? ''} (previous release)`;
  });
  rmSync(join(templates, 'test/backoff.test.ts'));
  mkdirSync(join(templates, 'docs'), { recursive: true });
  writeFileSync(join(templates, 'docs/__fileBase__-notes.md.hbs'), '# {{labelCapitalized}} notes\n\nWritten by the previous release.\n');
  cpSync(join(templates, 'src/hash-password.ts'), join(templates, 'src/password-hash.ts'));
  rmSync(join(templates, 'src/hash-password.ts'));
  return {
    dir,
    appChanges,
    added: 'test/backoff.test.ts',
    changed: 'README.md',
    removed: 'docs/product-notes.md',
    renamed: { from: 'src/password-hash.ts', to: 'src/hash-password.ts' },
  };
}

/** What a version renders, with its record, as `generate` writes it. */
export function generated(answers: Answers, templatesDir: string = TEMPLATES_DIR, version: string = GENERATOR_VERSION): RenderedFiles {
  return recordGeneration(render(answers, loadTemplates(templatesDir), version));
}

/** A copy of the committed example without what installing and running it adds. */
export function copyExample(into: string): void {
  const example = join(root, 'examples/product-service');
  cpSync(example, into, { recursive: true, filter: (source) => !/\/(node_modules|data|dist|\.env)$/.test(source) });
}

export function writeTree(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

/** Changes one line of a file on disk, which must hold `from` exactly once. */
export function replaceInFile(dir: string, path: string, from: string, to: string): void {
  const text = readFileSync(join(dir, path), 'utf8');
  if (text.split(from).length !== 2) throw new Error(`${path} does not hold ${JSON.stringify(from)} exactly once`);
  writeFileSync(join(dir, path), text.replace(from, to));
}

function editTemplate(templates: string, path: string, edit: (lines: string[]) => void): void {
  const lines = readFileSync(join(templates, path), 'utf8').split('\n');
  edit(lines);
  writeFileSync(join(templates, path), lines.join('\n'));
}

/**
 * Indexes of lines near the given fractions of the file that carry no Handlebars and are unique in
 * the file, so each edit stays valid and shows up as exactly one changed line.
 */
function plainLineIndexes(lines: string[], fractions: number[]): number[] {
  return fractions.map((fraction) => {
    for (let index = Math.floor(lines.length * fraction); index < lines.length; index += 1) {
      const line = lines[index] ?? '';
      const unique = lines.indexOf(line) === lines.lastIndexOf(line);
      if (line.trim().length > 3 && !line.includes('{{') && !line.includes('}}') && unique) return index;
    }
    throw new Error(`no plain line after ${fraction} of the template`);
  });
}
