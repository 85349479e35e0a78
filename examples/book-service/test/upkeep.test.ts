import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface Step {
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Job {
  strategy?: { matrix?: { node?: number[] } };
  steps: Step[];
}
const workflow = parseYaml(read('.github/workflows/ci.yml')) as { jobs: Record<string, Job> };
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);

// ---

const node = suite('Node.js version');
const engines = JSON.parse(read('package.json')).engines.node as string;
/** `^22.22.3 || ^24.15.0 || >=26` -> [22, 24, 26]: the oldest major of each range. */
const supported = engines.split('||').map((range) => Number(/\d+/.exec(range)?.[0]));

node('.nvmrc names the Node.js major that linting and the Docker image run, one package.json allows', () => {
  const major = Number(read('.nvmrc').trim());
  assert.ok(Number.isInteger(major), `.nvmrc holds a major version: ${read('.nvmrc')}`);
  const lint = workflow.jobs.lint?.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
  assert.is(lint?.with?.['node-version-file'], '.nvmrc', 'the lint job');
  const images = [...read('Dockerfile').matchAll(/^FROM node:(\d+)-/gm)].map(([, version]) => Number(version));
  assert.ok(images.length > 0);
  for (const image of images) assert.is(image, major, 'the Dockerfile');
  assert.ok(supported.includes(major), `engines.node (${engines}) allows Node.js ${major}`);
});

node('the tests run on every Node.js major that package.json allows', () => {
  assert.ok(supported.every(Number.isInteger) && supported.length > 0, engines);
  assert.equal(workflow.jobs.test?.strategy?.matrix?.node, supported);
  const setup = workflow.jobs.test?.steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
  assert.match(String(setup?.with?.['node-version']), /^\$\{\{ matrix\.node \}\}$/);
});

node.run();

// ---

const editor = suite('.editorconfig');

/** The project's own text files (what an editor would save), not installed or built ones. */
function ownFiles(dir: string = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'data', '.git', '.env'].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? ownFiles(path) : [relative(root, path)];
  });
}

editor('states UTF-8, LF line ends, a final newline and two-space indents', () => {
  const config = read('.editorconfig');
  assert.match(config, /^root = true$/m);
  for (const setting of ['charset = utf-8', 'end_of_line = lf', 'insert_final_newline = true', 'indent_style = space', 'indent_size = 2']) {
    assert.match(config, new RegExp(`^${setting}$`, 'm'), setting);
  }
});

editor('the code follows it: LF, a final newline, no tabs, no trailing spaces', () => {
  const code = ownFiles().filter((path) => /\.(ts|json|ya?ml)$|Dockerfile$/.test(path) && path !== 'bench/results.json');
  assert.ok(code.length > 20, `${code.length} files`);
  for (const path of code) {
    const text = read(path);
    assert.ok(text.endsWith('\n') && !text.includes('\r'), `${path}: LF line ends and a final newline`);
    assert.not.match(text, /\t/, `${path} has a tab`);
    assert.not.match(text, / +$/m, `${path} has trailing spaces`);
  }
});

editor.run();

// ---

const upkeep = suite('dependency upkeep');

upkeep('Dependabot watches the npm packages, the GitHub Actions and the Docker base image', () => {
  const config = parseYaml(read('.github/dependabot.yml')) as {
    version: number;
    updates: { 'package-ecosystem': string; directory: string; schedule: { interval: string } }[];
  };
  assert.is(config.version, 2);
  const watched = config.updates.map((update) => `${update['package-ecosystem']} ${update.directory}`).sort();
  assert.equal(watched, ['docker /', 'github-actions /', 'npm /']);
  for (const update of config.updates) assert.ok(update.schedule.interval, update['package-ecosystem']);
  // Dependabot can only move actions pinned to a version.
  for (const step of steps.filter((s) => s.uses)) assert.match(step.uses!, /@v\d+$/, step.uses);
});

upkeep('each CI job installs with npm ci once package-lock.json is committed, with npm install before', () => {
  for (const [name, job] of Object.entries(workflow.jobs)) {
    const installs = job.steps.filter((step) => step.run === 'npm ci' || step.run === 'npm install');
    assert.equal(
      installs.map((step) => [step.run, step.if]),
      [
        ['npm ci', "hashFiles('package-lock.json') != ''"],
        ['npm install', "hashFiles('package-lock.json') == ''"],
      ],
      name,
    );
    const firstCheck = job.steps.findIndex((step) => step.run?.startsWith('npm run') || step.run === 'npm test');
    assert.ok(firstCheck > job.steps.indexOf(installs[1]!), `${name}: installs come before the checks`);
  }
  assert.match(read('.github/workflows/ci.yml'), /# With a committed package-lock.json, `npm ci`/);
});

upkeep.run();
