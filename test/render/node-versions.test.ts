/**
 * One statement of the supported Node.js versions: the generator's package.json `engines`. The
 * generated project and both READMEs are checked against it, so a change is made in one place
 * and every other one fails until it follows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import semver from 'semver';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';

import { renderProject } from '../../src/generate/generate.js';
import { root } from '../support/helpers.js';

const engines = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const ranges = engines.split('||').map((range) => range.trim());
const majors = ranges.map((range) => semver.major(semver.minVersion(range)!));
const newest = Math.max(...majors);

/** `^22.22.3 || ^24.15.0 || >=26` -> `Node.js 22 (from 22.22.3), 24 (from 24.15.0) or 26 and newer`. */
function inWords(): string {
  const words = ranges.map((range) => {
    if (range.startsWith('>=')) return `${semver.major(semver.minVersion(range)!)} and newer`;
    const oldest = semver.minVersion(range)!;
    return `${oldest.major} (from ${oldest.version})`;
  });
  return `Node.js ${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

const projects = [
  renderProject({ entity: 'Product', port: 8080, managementPort: 8081 }),
  renderProject({ entity: 'WarehouseBin', port: 3000, managementPort: 3001, fields: [{ name: 'code', type: 'string', required: true }] }),
];

test('the generator supports each LTS line from one release on, and the newest line open-ended', () => {
  assert.equal(majors, [22, 24, newest]);
  assert.ok(ranges.every((range, index) => (index < ranges.length - 1 ? range.startsWith('^') : range === `>=${newest}`)), engines);
});

test("a generated project's package.json states the generator's engines", () => {
  for (const files of projects) {
    assert.is((JSON.parse(files.get('package.json')!) as { engines: { node: string } }).engines.node, engines);
  }
});

test('the root README and the generated README state them in the same words', () => {
  const words = inWords();
  assert.is(words, 'Node.js 22 (from 22.22.3), 24 (from 24.15.0) or 26 and newer');
  const flat = (text: string) => text.replace(/\s+/g, ' ');
  assert.ok(flat(readFileSync(join(root, 'README.md'), 'utf8')).includes(words), `README.md: ${words}`);
  for (const files of projects) assert.ok(flat(files.get('README.md')!).includes(words), `generated README.md: ${words}`);
});

test("the generated .nvmrc, image and CI run the newest line, and CI tests each one engines allows", () => {
  for (const files of projects) {
    assert.is(files.get('.nvmrc')!.trim(), String(newest));
    assert.equal([...files.get('Dockerfile')!.matchAll(/^FROM node:(\d+)-/gm)].map(([, major]) => Number(major)), [newest, newest]);
    const workflow = parseYaml(files.get('.github/workflows/ci.yml')!) as { jobs: { test: { strategy: { matrix: { node: number[] } } } } };
    assert.equal(workflow.jobs.test.strategy.matrix.node, majors);
  }
});

test.run();
