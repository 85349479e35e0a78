/**
 * What a user reads: the READMEs, the generated documentation and the CLI's output. They fit
 * (the root README is for users of the generator, at most 250 lines), their links lead somewhere,
 * and they speak of the product, not of its history: no issue numbers, no commit hashes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { renderProject } from '../../src/generate/generate.js';
import { example, root, runCli } from '../support/helpers.js';

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const ROOT_DOCS = ['README.md', 'CONTRIBUTING.md', 'bench/README.md', 'bench/peers/README.md'];

/** An issue number (`issue 29`, `#29`) or a commit hash (seven or more hex digits, a letter among them); UUIDs are data, not hashes. */
function history(text: string): string[] {
  const withoutUuids = text.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '');
  return [
    ...withoutUuids.matchAll(/\bissues? #?\d+|(?<![\w&])#\d+\b/gi),
    ...withoutUuids.matchAll(/\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g),
  ].map(([found]) => found);
}

test('history() finds issue numbers and commit hashes, and passes anchors, numbers and UUIDs', () => {
  assert.equal(history('as issue 29 asks; see #38; main at f03612b'), ['issue 29', '#38', 'f03612b']);
  assert.equal(history('[Fields](#fields), 9999999999999.99, 2147483647, 0b5d8f3e-8b2a-4c1e-9f6d-2a7c4e1b9d30, `&#124;`'), []);
});

test('the root README is at most 250 lines', () => {
  const lines = read('README.md').split('\n').length - 1;
  assert.ok(lines <= 250, `README.md has ${lines} lines`);
});

test("the root README's figures live in bench/README.md, with their dates", () => {
  assert.not.match(read('README.md'), /req\/s/);
  const bench = read('bench/README.md');
  assert.match(bench, /Measured 2026-11-27/);
  assert.match(bench, /\| list \(100 rows\) \| example \|/);
});

test('the root documents link to files that exist', () => {
  for (const path of ROOT_DOCS) {
    for (const [, target] of read(path).matchAll(/\]\(([^)#:]+)(?:#[^)]*)?\)/g)) {
      assert.ok(existsSync(join(root, dirname(path), target!)), `${path} links to ${target}`);
    }
  }
});

test('no issue number or commit hash in the root documents', () => {
  for (const path of ROOT_DOCS) assert.equal(history(read(path)), [], path);
});

test('no issue number or commit hash in a generated README or its docs', () => {
  const book = JSON.parse(read('examples/book-service/create-item-service.json')) as { entity: string; port: number; managementPort: number };
  for (const answers of [{ entity: 'Product', port: 8080, managementPort: 8081 }, book]) {
    const { entity } = answers;
    const files = renderProject(answers);
    const docs = [...files.keys()].filter((path) => path.endsWith('.md'));
    assert.ok(docs.includes('README.md') && docs.includes('docs/api.md'), docs.join(', '));
    for (const path of docs) assert.equal(history(files.get(path)!), [], `${entity}: ${path}`);
  }
});

test("no issue number or commit hash in the CLI's help, dry run and status", async () => {
  const outputs = [
    await runCli(['--help']),
    await runCli(['status', '--help']),
    await runCli(['update', '--help']),
    await runCli(['OrderLine', '--yes', '--dry-run']),
    await runCli(['status', example]),
  ];
  for (const { stdout, stderr } of outputs) {
    assert.ok(stdout.length > 0);
    assert.equal(history(stdout + stderr), [], stdout + stderr);
  }
});

test.run();
