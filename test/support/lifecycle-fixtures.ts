/**
 * Fixtures for the lifecycle tests: a real earlier release of the generator (the working tree's
 * code and templates changed back the way a release changes them, packed) and projects on disk.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { recordGeneration } from '../../src/project-files/record.js';
import type { Answers } from '../../src/answers/answers.js';
import type { FieldSpec } from '../../src/fields/field-spec.js';
import { UNNAMED_LAYOUT } from '../../src/answers/migration-layout.js';
import { loadTemplates, render, TEMPLATES_DIR, type RenderedFiles } from '../../src/render/render.js';
import { GENERATOR_VERSION } from '../../src/version.js';
import { root, tempDir } from './helpers.js';
import { buildRelease, type PackedRelease } from './releases.js';

export const product: Answers = { entity: 'Product', port: 8080, managementPort: 8081 };

/**
 * The same answers as this version reads them from a project of the previous release, whose
 * answers file names no migration layout: its first migrations stay as that release wrote them.
 */
export const productOfPrevious: Answers = { ...product, migrationLayout: UNNAMED_LAYOUT };

/** The version before this one; the working tree is the release after it. */
export const PREVIOUS_VERSION = '0.0.0-previous';

/** The previous release, packed, and what the release from it to this version changed. */
export interface Release extends PackedRelease {
  /** Lines of src/app.ts that the release changed: [previous text, this version's text]. */
  appChanges: Array<[string, string]>;
  /** A file the release added, changed, removed, and the two names of a renamed file. */
  added: string;
  changed: string;
  removed: string;
  renamed: { from: string; to: string };
}

let previous: Release | undefined;

/**
 * The previous release, built once per test process from the working tree with what this
 * release changed taken back, in code and templates alike:
 * - code: an OpenAPI example's summary (openapi-examples.ts), the words of a generated schema
 *   description (joi-views.ts), and the width the doc-comment helper wraps at (code-text.ts),
 *   which many templates' output goes through;
 * - templates: src/app.ts edited in three places (two lines changed, one line the release
 *   removed), README.md edited near its end, a test the release added is absent, a notes file
 *   the release removed is present, and a source file the release renamed has its old name;
 * - the migration layout: a new project's first migrations are the five stepwise ones, and the
 *   answers file names no layout (this release added the key and the combined layout);
 * - the audit columns: no migration adds created_by and updated_by (this release added it), so a
 *   project of the previous release gains them by update;
 * - the answers file lists no fields unless they were given (this release always lists them).
 */
export function previousRelease(): Release {
  previous ??= buildPrevious();
  return previous;
}

/** A copy of a release's unpacked package that a test may alter. */
export function copyOfRelease(release: Release): string {
  const dir = tempDir('create-item-service-release-copy-');
  cpSync(release.dir, dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

function buildPrevious(): Release {
  const appChanges: Array<[string, string]> = [];
  const templateEdits = (source: string) => {
    const templates = join(source, 'templates');
    editTemplate(templates, 'src/app.ts.hbs', (lines) => {
      const [first, second, third] = plainLineIndexes(lines, [0.3, 0.55, 0.8], true) as [number, number, number];
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
  };
  const packed = buildRelease(PREVIOUS_VERSION, [
    { path: 'src/views/openapi-examples.ts', from: "summary: 'All fields'", to: "summary: 'Every field'" },
    { path: 'src/views/joi-views.ts', from: "'null (or leaving it out) means none, and", to: "'null, or no value at all, means none, and" },
    { path: 'src/code/code-text.ts', from: 'const COMMENT_WIDTH = 84;', to: 'const COMMENT_WIDTH = 76;' },
    templateEdits,
    { remove: 'templates/test/config-files.test.ts.hbs' },
    { add: 'templates/docs/__fileBase__-notes.md.hbs', content: '# {{labelCapitalized}} notes\n\nWritten by the previous release.\n' },
    { rename: 'templates/src/cli/hash-password.ts', to: 'templates/src/cli/password-hash.ts' },
    {
      path: 'src/answers/migration-layout.ts',
      from: "export const NEW_PROJECT_LAYOUT: MigrationLayout = 'combined';",
      to: "export const NEW_PROJECT_LAYOUT: MigrationLayout = 'stepwise';",
    },
    { path: 'templates/create-item-service.json.hbs', from: '  "migrationLayout": "{{migrationLayout.name}}",\n', to: '' },
    { remove: 'templates/src/migrations/001-record-who-changed-__fileBasePlural__.ts.hbs' },
    // The answers file listed fields only when they were given: none meant the standard ones.
    {
      path: 'src/views/template-context.ts',
      from: 'answersFields: JSON.stringify(specFields.map(canonicalField)),',
      to: "answersFields: answers.fields === undefined ? '' : JSON.stringify(answers.fields.map(canonicalField)),",
    },
    { path: 'templates/create-item-service.json.hbs', from: '  "fields": {{{answersFields}}},\n', to: '{{#if answersFields}}\n  "fields": {{{answersFields}}},\n{{/if}}\n' },
  ]);
  return {
    ...packed,
    appChanges,
    added: 'test/config-files.test.ts',
    changed: 'README.md',
    removed: 'docs/product-notes.md',
    renamed: { from: 'src/cli/password-hash.ts', to: 'src/cli/hash-password.ts' },
  };
}

/** What a version renders, with its record, as `generate` writes it. */
export function generated(answers: Answers, templatesDir: string = TEMPLATES_DIR, version: string = GENERATOR_VERSION): RenderedFiles {
  return recordGeneration(render(answers, loadTemplates(templatesDir), version));
}

/** A copy of the committed example without what installing and running it adds. */
export function copyExample(into: string): void {
  const example = join(root, 'examples/product-service');
  cpSync(example, into, { recursive: true, filter: (source) => !/\/(node_modules|data|dist|\.env|schema\.d\.ts)$/.test(source) });
}

export function writeTree(dir: string, files: ReadonlyMap<string, string>): void {
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

/** What the owner does: edits `fields` in the answers file. */
export function editFields(dir: string, edit: (fields: FieldSpec[]) => FieldSpec[]): void {
  const path = join(dir, 'create-item-service.json');
  const answers = JSON.parse(readFileSync(path, 'utf8')) as { fields: FieldSpec[] };
  answers.fields = edit(answers.fields);
  writeFileSync(path, `${JSON.stringify(answers, null, 2)}\n`);
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
 * Indexes of statement lines near the given fractions of the file that carry no Handlebars and are
 * unique in the file, so each edit stays valid and shows up as exactly one changed line.
 */
function plainLineIndexes(lines: string[], fractions: number[], code = false): number[] {
  return fractions.map((fraction) => {
    for (let index = Math.floor(lines.length * fraction); index < lines.length; index += 1) {
      const line = lines[index] ?? '';
      const unique = lines.indexOf(line) === lines.lastIndexOf(line);
      // In code, a whole statement: the formatter keeps a comment after it on its line (after `{` it would move it).
      const statement = !code || line.trim().endsWith(';');
      if (line.trim().length > 3 && statement && !line.includes('{{') && !line.includes('}}') && unique) return index;
    }
    throw new Error(`no plain line after ${fraction} of the template`);
  });
}
