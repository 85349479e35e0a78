/**
 * The GitHub workflow a generated project ships, checked in the example and in a fresh
 * multi-word service: it runs only scripts the project has, on both databases.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';

import { DEFAULT_PORTS } from '../../src/answers/answers.js';
import { renderProject } from '../../src/generate/generate.js';
import { generatedProjects } from '../support/generated-projects.js';
import { root } from '../support/helpers.js';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

interface Job {
  'runs-on'?: string;
  services?: Record<string, any>;
  strategy?: { matrix?: Record<string, unknown[]> };
  steps: Step[];
}

interface Workflow {
  jobs: Record<string, Job>;
}

const generatorEngines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node as string;

for (const { dir, names } of generatedProjects) {
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');
  const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string>; engines: { node: string } };

  const ci = suite(`${names.packageName}: GitHub Actions workflow`);
  const workflow = parseYaml(read('.github/workflows/ci.yml')) as Workflow;
  const { lint, test: job } = workflow.jobs;
  const steps = job!.steps;
  const setupNode = (steps: Step[]) => steps.find((step) => step.uses?.startsWith('actions/setup-node@'))?.with;
  const postgresUrl = (step: Step) => step.env?.DATABASE_URL;

  ci('every npm command in the workflow names an existing script', () => {
    const commands = Object.values(workflow.jobs).flatMap((job) => job.steps.map((step) => step.run)).filter(Boolean) as string[];
    assert.ok(commands.length > 0);
    for (const command of commands) {
      const script = /^npm run (\S+)(?: -- .*)?$/.exec(command)?.[1] ?? (command === 'npm test' ? 'test' : undefined);
      if (command === 'npm install' || command === 'npm ci' || command.startsWith('sudo apt-get ')) continue;
      assert.ok(script && packageJson.scripts[script], `unknown command: ${command}`);
    }
  });

  ci('type-checks and lints once, on the Node.js of .nvmrc and the Docker image', () => {
    assert.equal(Object.keys(workflow.jobs).sort(), ['lint', 'test']);
    assert.is(setupNode(lint!.steps)?.['node-version-file'], '.nvmrc');
    assert.is(read('.nvmrc').trim(), '26');
    assert.equal([...read('Dockerfile').matchAll(/^FROM (\S+)/gm)].map(([, image]) => image), ['node:26-bookworm-slim', 'node:26-bookworm-slim']);
    for (const command of ['npm run typecheck', 'npm run lint']) {
      assert.ok(lint!.steps.some((step) => step.run === command), `lint job: ${command}`);
      assert.not.ok(steps.some((step) => step.run === command), `not again in each test job: ${command}`);
    }
  });

  ci('tests on Node.js 22, 24 and 26, the majors package.json allows', () => {
    assert.equal(job!.strategy?.matrix?.node, [22, 24, 26]);
    assert.is(setupNode(steps)?.['node-version'], '${{ matrix.node }}');
    assert.is(packageJson.engines.node, generatorEngines);
  });

  ci('runs the tests against the PostgreSQL service and the embedded database, needing nothing the runner lacks', () => {
    assert.ok(steps.some((step) => step.uses?.startsWith('actions/checkout@')));
    const postgres = job!.services!.postgres;
    assert.is(postgres.image, 'postgres:15');
    // initdb's default would be the image's en_US.utf8, under which the list refuses [prefix] filters.
    assert.is(postgres.env.POSTGRES_INITDB_ARGS, '--locale=C.UTF-8');
    const runs = steps.filter((step) => step.run === 'npm test');
    assert.is(runs.length, 2);
    assert.ok(runs.some((step) => !postgresUrl(step)), 'one run on the embedded database');
    const url = new URL(runs.find(postgresUrl)!.env!.DATABASE_URL!);
    assert.equal(
      [url.username, url.password, url.pathname.slice(1), url.port],
      [postgres.env.POSTGRES_USER, postgres.env.POSTGRES_PASSWORD, postgres.env.POSTGRES_DB, postgres.ports[0].split(':')[0]],
    );
    // The tests need Node.js and the PostgreSQL service, and nats-server where the project publishes change events.
    const installs = steps.map((step) => step.run ?? '').filter((run) => /\bapt-get\b/.test(run));
    const events = (JSON.parse(read('create-item-service.json')) as { events?: string }).events !== undefined;
    assert.equal(installs, events ? ['sudo apt-get update && sudo apt-get install -y nats-server'] : []);
    if (events) assert.ok(steps.findIndex((step) => installs.includes(step.run ?? '')) < steps.findIndex((step) => step.run === 'npm test'), 'installed before the tests');
    assert.is(job!['runs-on'], 'ubuntu-latest');
  });

  ci.run();
}

const events = suite('GitHub Actions workflow of a project with change events');

events('installs nats-server before its tests, which start servers of their own', () => {
  const rendered = renderProject({ entity: 'Book', ...DEFAULT_PORTS, events: 'nats' }).get('.github/workflows/ci.yml')!;
  const steps = (parseYaml(rendered) as Workflow).jobs.test!.steps.map((step) => step.run);
  const install = steps.indexOf('sudo apt-get update && sudo apt-get install -y nats-server');
  assert.ok(install >= 0 && install < steps.indexOf('npm test'));
});

events.run();
