/**
 * `npm run lint` (`biome check`: layout, import order and the linter) in what the generator
 * renders: the examples, a fresh multi-word service and entities named close to what the
 * generated code declares pass with no diagnostic at all, not even a hint; the script fails on a
 * warning, so CI stops on one; and the owner's `npm run format` changes no file, so `status`
 * still reports every file unchanged after it.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { generatedProjects } from '../support/generated-projects.js';
import { statusCommand } from '../../src/lifecycle/status-command.js';
import { example, linkRootModules, readTree, runCli, tempDir } from '../support/helpers.js';

interface LintReport {
  summary: { errors: number; warnings: number; infos: number };
  diagnostics: { category?: string; severity?: string; location?: { path?: string } }[];
}

/** Runs the project's own `npm run lint` with Biome's JSON report on stdout. */
function lint(dir: string): { status: number | null; report: LintReport } {
  const result = spawnSync('npm', ['run', '--silent', 'lint', '--', '--reporter=json'], { cwd: dir, encoding: 'utf8' });
  try {
    return { status: result.status, report: JSON.parse(result.stdout) as LintReport };
  } catch {
    throw new Error(`npm run lint printed no JSON report (exit ${result.status}): ${result.stdout}${result.stderr}`);
  }
}

const findings = (report: LintReport) =>
  report.diagnostics.map((diagnostic) => `${diagnostic.location?.path ?? '?'}: ${diagnostic.category} (${diagnostic.severity})`);

/** Entity names near the generated code's own identifiers and TypeScript's types (every noun of nouns.test.ts is linted there too, before layout). */
const TRICKY_NAMES = ['Record', 'Index', 'Status', 'Token', 'TokenRequest'];

/** Text a template literal would read as a placeholder, in an enum's values, a default and so an example. */
const PLACEHOLDER_FIELDS = ['kind:enum:values=a${b}|plain', 'label:string:default=x${y}'];

async function generate(entity: string, fields: string[] = []): Promise<{ dir: string; name: string }> {
  const dir = join(tempDir(), 'service');
  const result = await runCli([entity, '--yes', '--out', dir, ...fields.flatMap((field) => ['--field', field])]);
  if (result.status !== 0) throw new Error(`generating ${entity} failed: ${result.stderr}`);
  linkRootModules(dir);
  return { dir, name: entity };
}

const projects = [
  ...generatedProjects.map(({ dir, names }) => ({ dir, name: names.packageName })),
  ...(await Promise.all(TRICKY_NAMES.map((name) => generate(name)))),
  { ...(await generate('Template', PLACEHOLDER_FIELDS)), name: 'template-service, ${ in its values' },
];

const clean = suite('npm run lint in generated projects');

for (const { dir, name } of projects) {
  clean(`${name}: runs Biome's check (layout, imports, linter) and reports nothing`, () => {
    const script = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.lint;
    assert.match(script ?? '', /^biome check --error-on-warnings/);
    const { status, report } = lint(dir);
    assert.equal(findings(report), []);
    assert.equal([report.summary.errors, report.summary.warnings, report.summary.infos], [0, 0, 0]);
    assert.is(status, 0);
  });
}

clean.run();

// ---

const failing = suite('npm run lint on a finding');

failing('an unused variable in the code of a copy of the example fails the script; the same in dist, data or bench/results.json is ignored', () => {
  const copy = join(tempDir(), 'product-service');
  cpSync(example, copy, { recursive: true, filter: (path) => !/[/\\](node_modules|data|dist)$/.test(path) });
  linkRootModules(copy);
  const leftOver = 'const leftOver = 1;\n';
  const app = join(copy, 'src/app.ts');
  writeFileSync(app, `${readFileSync(app, 'utf8')}${leftOver}`);
  // What .gitignore lists is not the project's code: the same finding there is no finding.
  for (const folder of ['dist', 'data']) {
    mkdirSync(join(copy, folder));
    writeFileSync(join(copy, folder, 'server.js'), leftOver);
  }
  writeFileSync(join(copy, 'bench/results.json'), '{ "runs": 1, "runs": 2 }\n');

  const { status, report } = lint(copy);
  assert.equal(findings(report), ['src/app.ts: lint/correctness/noUnusedVariables (warning)']);
  assert.is.not(status, 0);
});

failing.run();

// ---

const format = suite("the owner's npm run format");

for (const { source, name } of [
  { source: example, name: 'product-service' },
  { source: join(example, '../book-service'), name: 'book-service' },
  ...projects.slice(0, 2).map(({ dir, name }) => ({ source: dir, name })),
]) {
  format(`${name}: changes no file, and status still reports every file unchanged`, () => {
    const copy = join(tempDir(), name);
    cpSync(source, copy, { recursive: true, filter: (path) => !/[/\\](node_modules|data|dist)$/.test(path) });
    linkRootModules(copy);
    const before = readTree(copy);
    const result = spawnSync('npm', ['run', '--silent', 'format'], { cwd: copy, encoding: 'utf8' });
    assert.is(result.status, 0, `${result.stdout}${result.stderr}`);
    const after = readTree(copy);
    const changed = [...after].filter(([path, content]) => before.get(path) !== content).map(([path]) => path);
    assert.equal(changed, [], 'files npm run format rewrote');
    const lines: string[] = [];
    const code = statusCommand(copy, { json: true }, { log: (line) => lines.push(line), error: (line) => lines.push(line) });
    const files = (JSON.parse(lines.join('\n')) as { files: { path: string; state: string | null }[] }).files;
    assert.equal(files.filter((file) => file.state !== 'unchanged').map((file) => file.path), []);
    assert.is(code, 0);
  });
}

format.run();
