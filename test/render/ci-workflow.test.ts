import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';

import { root } from '../support/helpers.js';

interface Step {
  uses?: string;
  run?: string;
  env?: Record<string, unknown>;
}

interface Workflow {
  on: { push?: { branches?: string[] }; pull_request?: unknown };
  jobs: Record<string, { container?: string; 'timeout-minutes'?: number; steps: Step[] }>;
}

const read = (path: string) => readFileSync(join(root, path), 'utf8');
const workflow = parseYaml(read('.github/workflows/ci.yml')) as Workflow;
const jobs = Object.values(workflow.jobs);

test('the GitHub workflow runs on pushes to main and on pull requests', () => {
  assert.equal(workflow.on.push?.branches, ['main']);
  assert.ok('pull_request' in workflow.on);
});

test('it runs .ci/run with CI=true after the checkout, within the 90 minutes CI allows', () => {
  assert.is(jobs.length, 1);
  const [job] = jobs;
  const runs = job!.steps.filter((step) => step.run !== undefined);
  assert.equal(runs.map((step) => step.run), ['bash .ci/run']);
  assert.is(runs[0]!.env?.CI, true);
  const checkout = job!.steps.findIndex((step) => step.uses?.startsWith('actions/checkout@'));
  assert.ok(checkout >= 0 && checkout < job!.steps.indexOf(runs[0]!), 'checkout comes first');
  assert.ok(job!['timeout-minutes']! <= 90);
});

test('its container is the Debian that .ci/run expects, with the Node.js major it runs the suite on', () => {
  const [job] = jobs;
  const image = /^node:(\d+)-(\w+)$/.exec(job!.container ?? '');
  assert.ok(image, `unexpected container ${job!.container}`);
  // .ci/run installs PostgreSQL 15 with apt and starts it with pg_ctlcluster 15: bookworm's version.
  assert.is(image![2], 'bookworm');
  assert.match(read('.ci/run'), /pg_ctlcluster 15 main start/);
  const suiteNode = /^PATH="\$\(bash \.ci\/node (\d+)\)\/bin:\$PATH"$/m.exec(read('.ci/run'));
  assert.ok(suiteNode, '.ci/run puts the Node.js of .ci/node first on PATH');
  assert.is(image![1], suiteNode![1]);
  const engines = JSON.parse(read('package.json')).engines.node as string;
  assert.ok(engines.split('||').some((range) => range.trim() === `>=${image![1]}`), `the newest major of ${engines}`);
});

test('.ci/run also installs Node.js 22 and 24 for the example tests that npm test runs on them (test/support/suites.ts)', () => {
  for (const major of [22, 24]) assert.match(read('.ci/run'), `NODE_${major}_BIN="$(bash .ci/node ${major})/bin"`);
  assert.match(read('.ci/run'), /^export NODE_22_BIN NODE_24_BIN$/m);
  assert.match(read('test/support/suites.ts'), /otherNodes\(\)/);
});

test('the workflow, the README and .ci/run agree on the test command', () => {
  // The README's second command is what the workflow runs; .ci/run ends with the test script.
  assert.match(read('README.md'), /\n# 2\. Run every test[^\n]*\nbash \.ci\/run\n/);
  const lastCommand = read('.ci/run').trim().split('\n').at(-1);
  assert.is(lastCommand, 'npm test');
  assert.match(JSON.parse(read('package.json')).scripts.test, /test\/run\.ts/);
});

test.run();
