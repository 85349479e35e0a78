import { execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';

import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import * as assert from 'uvu/assert';
import { suite } from 'uvu';
import { parse as parseYaml, parseAllDocuments } from 'yaml';

import { DEFAULT_MANAGEMENT_PORT, DEFAULT_PORT, loadConfig } from '../src/config.js';
import { AUTH_ENV, TEST_PASSWORD, TEST_USERNAME } from './tokens.js';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

interface Instruction {
  keyword: string;
  args: string;
  /** Index of the FROM stage it belongs to. */
  stage: number;
}

/** Dockerfile -> instructions: comments dropped, `\` continuations joined. */
function parseDockerfile(text: string): Instruction[] {
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let stage = -1;
  return logical.map((line) => {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') stage++;
    return { keyword: keyword.toUpperCase(), args, stage };
  });
}

const docker = suite('Dockerfile');
const instructions = parseDockerfile(read('Dockerfile'));
const stages = instructions.filter((i) => i.keyword === 'FROM').map((i) => /\bAS\s+(\S+)$/i.exec(i.args)?.[1]);
const runtime = instructions.filter((i) => i.stage === stages.length - 1);

docker('has a build stage and a runtime stage that copies only dist from it', () => {
  assert.equal(stages, ['build', 'runtime']);
  const build = instructions.filter((i) => i.stage === 0);
  assert.ok(build.some((i) => i.keyword === 'RUN' && i.args === 'npm run build'));
  assert.ok(packageJson.scripts.build, 'package.json has a build script');
  const copies = runtime.filter((i) => i.keyword === 'COPY' && i.args.startsWith('--from='));
  assert.equal(copies.map((i) => i.args), ['--from=build /app/dist ./dist']);
  assert.not.ok(runtime.some((i) => i.keyword === 'COPY' && /\bsrc\b/.test(i.args)), 'no TypeScript source in the runtime image');
});

docker('installs production dependencies only, with or without a lock file', () => {
  const install = runtime.find((i) => i.keyword === 'RUN' && i.args.includes('npm'));
  assert.ok(install);
  assert.match(install.args, 'npm ci --omit=dev');
  assert.match(install.args, 'npm install --omit=dev');
  assert.ok(runtime.some((i) => i.keyword === 'ENV' && /^NODE_ENV=production$/.test(i.args)));
});

docker('runs compiled JavaScript as a non-root user and exposes both ports', () => {
  const users = runtime.filter((i) => i.keyword === 'USER').map((i) => i.args);
  assert.ok(users.length > 0, 'the runtime stage sets USER');
  assert.not.ok(['root', '0'].includes(users.at(-1)!.split(':')[0]!), `USER ${users.at(-1)}`);
  const cmd = runtime.filter((i) => i.keyword === 'CMD').at(-1);
  assert.equal(JSON.parse(cmd!.args), ['node', 'dist/server.js']);
  assert.match(packageJson.scripts['start:prod']!, 'node dist/server.js');
  const exposed = runtime.filter((i) => i.keyword === 'EXPOSE').flatMap((i) => i.args.split(/\s+/)).map(Number);
  assert.equal(exposed.sort(), [DEFAULT_PORT, DEFAULT_MANAGEMENT_PORT].sort());
});

docker('.dockerignore keeps secrets, local data and dependencies out of the build context', () => {
  const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
  for (const entry of ['node_modules', 'dist', 'data', '.env', '.git']) assert.ok(ignored.includes(entry), entry);
  for (const copied of ['package.json', 'tsconfig.json', 'src']) assert.not.ok(ignored.includes(copied), copied);
});

docker.run();

// ---

const run = promisify(execFile);

interface Process {
  exit: Promise<{ code: number | null; output: string }>;
  ready: Promise<{ managementPort: number; servicePort: number }>;
  kill(): void;
}

/** Starts `node dist/server.js` (the image's CMD) with only the given environment. */
function startDist(env: Record<string, string>): Process {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', MANAGEMENT_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, output })),
  );
  const ready = new Promise<{ managementPort: number; servicePort: number }>((resolve, reject) => {
    const ports: Record<string, number> = {};
    createInterface({ input: child.stdout }).on('line', (line) => {
      output += `${line}\n`;
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg?.endsWith(' listening')) ports[entry.msg] = entry.port!;
      if (entry.msg === 'ready') {
        resolve({ managementPort: ports['management listening']!, servicePort: ports['service listening']! });
      }
    });
    exit.then(({ code }) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  return { exit, ready, kill: () => child.kill('SIGTERM') };
}

const image = suite("the image's commands");

image.before(async () => {
  // The Dockerfile's build step. A failure surfaces in the tests below (dist/server.js missing).
  await run('npm', ['run', 'build'], { cwd: root }).catch(() => undefined);
});

/*
 * The image runs with NODE_ENV=production, which requires DATABASE_URL. With DATABASE_URL set
 * this runs exactly like the image; without, it runs the same compiled code on the embedded
 * database with NODE_ENV unset, so the build and the start of dist are still checked.
 */
image('npm run build, then node dist/server.js: ready, and SIGTERM exits 0', async () => {
  const env: Record<string, string> = process.env.DATABASE_URL
    ? { NODE_ENV: 'production', DATABASE_URL: process.env.DATABASE_URL, ...AUTH_ENV }
    : { DATA_DIR: 'memory://', ...AUTH_ENV };
  const server = startDist(env);
  try {
    const { managementPort, servicePort } = await server.ready;
    const api = `http://127.0.0.1:${servicePort}`;
    assert.is((await fetch(`http://127.0.0.1:${managementPort}/health/ready`)).status, 200);
    assert.is((await fetch(`${api}/api/products`)).status, 200);
    // The compiled token endpoint and guard: a token, then a write with it.
    const headers = { 'Content-Type': 'application/json' };
    const token = await fetch(`${api}/api/auth/token`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: TEST_USERNAME, password: TEST_PASSWORD }),
    });
    assert.is(token.status, 200);
    const { accessToken } = (await token.json()) as { accessToken: string };
    const created = await fetch(`${api}/api/products`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ name: 'Built', price: 1, quantity: 1 }),
    });
    assert.is(created.status, 201);
    const { id } = (await created.json()) as { id: number };
    await fetch(`${api}/api/products/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${accessToken}` } });
  } finally {
    server.kill();
  }
  const { code, output } = await server.exit;
  assert.is(code, 0, output);
  assert.match(output, '"msg":"stopped"');
});

image('NODE_ENV=production without DATABASE_URL stops with a clear message', async () => {
  const { code, output } = await startDist({ NODE_ENV: 'production' }).exit;
  assert.is(code, 1);
  assert.is(
    output,
    'Invalid configuration: DATABASE_URL is required when NODE_ENV=production (the embedded database is for development only)\n',
  );
});

image.run();

// ---

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
} & Record<string, any>;

const k8sDir = 'deploy/kubernetes';
const kustomization = parseYaml(read(`${k8sDir}/kustomization.yaml`)) as {
  resources: string[];
  images: { name: string }[];
};
const manifests: Manifest[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(read(`${k8sDir}/${file}`)).map((document) => {
    assert.equal(document.errors, [], file);
    return document.toJS() as Manifest;
  }),
);
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

function one(kind: string, name?: string): Manifest {
  const found = manifests.filter((m) => m.kind === kind && (name === undefined || m.metadata.name === name));
  assert.is(found.length, 1, `exactly one ${kind} ${name ?? ''}`);
  return found[0]!;
}

/** True when every label of the selector is on the pod template. */
function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);
}

const k8s = suite('Kubernetes manifests');

k8s('kustomization lists every manifest in the folder', () => {
  const files = readdirSync(join(root, k8sDir)).filter((file) => file !== 'kustomization.yaml');
  assert.equal([...kustomization.resources].sort(), files.sort());
});

k8s('every object validates against the Kubernetes API schema', () => {
  for (const manifest of manifests) {
    const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
    assert.ok(Model, `no model for ${manifest.apiVersion} ${manifest.kind}`);
    new Model(manifest).validate();
  }
  assert.equal(
    manifests.map((m) => m.kind).sort(),
    ['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Secret', 'Service', 'Service'],
  );
});

const deployment = one('Deployment');
const pod = deployment.spec.template.spec;
const container = pod.containers[0];
const portsByName = new Map<string, number>(container.ports.map((p: { name: string; containerPort: number }) => [p.name, p.containerPort]));
const configMap = one('ConfigMap');
const secret = one('Secret');

k8s('the Deployment selects its own pods; Services and the PDB select them too', () => {
  const labels = deployment.spec.template.metadata.labels;
  assert.ok(selects(deployment.spec.selector.matchLabels, labels));
  for (const service of manifests.filter((m) => m.kind === 'Service')) {
    assert.ok(selects(service.spec.selector, labels), service.metadata.name);
  }
  assert.ok(selects(one('PodDisruptionBudget').spec.selector.matchLabels, labels));
});

k8s('ports: named container ports match the ConfigMap, the Dockerfile and the Services', () => {
  assert.equal([...portsByName.keys()], ['http', 'management']);
  assert.is(String(portsByName.get('http')), configMap.data.PORT);
  assert.is(String(portsByName.get('management')), configMap.data.MANAGEMENT_PORT);
  const exposed = runtime.filter((i) => i.keyword === 'EXPOSE').flatMap((i) => i.args.split(/\s+/)).map(Number);
  assert.equal(exposed.sort(), [...portsByName.values()].sort());
  for (const service of manifests.filter((m) => m.kind === 'Service')) {
    for (const port of service.spec.ports) assert.ok(portsByName.has(port.targetPort), `${service.metadata.name} -> ${port.targetPort}`);
  }
  const metrics = one('Service', 'product-service-metrics');
  assert.equal(metrics.spec.ports.map((p: { targetPort: string }) => p.targetPort), ['management']);
  assert.is(metrics.metadata.annotations!['prometheus.io/scrape'], 'true');
  assert.is(metrics.metadata.annotations!['prometheus.io/port'], String(portsByName.get('management')));
  assert.is(metrics.metadata.annotations!['prometheus.io/path'], '/metrics');
  assert.equal(one('Service', 'product-service').spec.ports.map((p: { targetPort: string }) => p.targetPort), ['http']);
});

k8s('probes: liveness /health/live and readiness /health/ready on the management port', () => {
  const { livenessProbe: live, readinessProbe: ready } = container;
  assert.equal(live.httpGet, { path: '/health/live', port: 'management' });
  assert.equal([live.initialDelaySeconds, live.periodSeconds], [30, 10]);
  assert.equal(ready.httpGet, { path: '/health/ready', port: 'management' });
  assert.equal([ready.initialDelaySeconds, ready.periodSeconds], [5, 5]);
});

k8s('environment: referenced ConfigMap and Secret exist and together form a valid production config', () => {
  const refs = container.envFrom as { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  assert.equal(refs.map((ref) => ref.configMapRef?.name ?? ref.secretRef?.name), [configMap.metadata.name, secret.metadata.name]);
  assert.is(configMap.data.NODE_ENV, 'production');
  assert.equal(Object.keys(secret.stringData).sort(), ['AUTH_PASSWORD', 'DATABASE_URL', 'JWT_SECRET']);
  // The placeholders are refused, so a forgotten one stops the pods instead of opening the API...
  assert.throws(() => loadConfig({ ...configMap.data, ...secret.stringData }), /JWT_SECRET must be at least 32 bytes/);
  assert.throws(() => loadConfig({ ...configMap.data, ...secret.stringData, ...AUTH_ENV, AUTH_PASSWORD: 'CHANGE_ME' }), /AUTH_PASSWORD must be at least 12/);
  // ...and real values make a valid production configuration.
  const config = loadConfig({ ...configMap.data, ...secret.stringData, ...AUTH_ENV });
  assert.is(config.port, portsByName.get('http'));
  // Every setting in the ConfigMap is documented in the README's configuration table.
  const readme = read('README.md');
  for (const key of Object.keys(configMap.data)) assert.match(readme, `| \`${key}\` |`, key);
});

k8s('shutdown: the grace period outlasts the preStop pause plus SHUTDOWN_TIMEOUT_MS', () => {
  const { shutdownTimeoutMs } = loadConfig({ ...configMap.data, ...secret.stringData, ...AUTH_ENV });
  const preStop = container.lifecycle.preStop.exec.command as string[];
  assert.is(preStop[0], 'sleep');
  const pauseMs = Number(preStop[1]) * 1_000;
  assert.ok(pod.terminationGracePeriodSeconds * 1_000 > pauseMs + shutdownTimeoutMs);
});

k8s('security: non-root, read-only root filesystem, no privilege escalation, no capabilities', () => {
  assert.is(pod.securityContext.runAsNonRoot, true);
  assert.ok(pod.securityContext.runAsUser > 0);
  const security = container.securityContext;
  assert.is(security.readOnlyRootFilesystem, true);
  assert.is(security.allowPrivilegeEscalation, false);
  assert.equal(security.capabilities.drop, ['ALL']);
  const tmp = container.volumeMounts.find((m: { mountPath: string }) => m.mountPath === '/tmp');
  assert.ok(pod.volumes.some((v: { name: string; emptyDir?: object }) => v.name === tmp.name && v.emptyDir));
  for (const kind of ['requests', 'limits']) {
    assert.ok(container.resources[kind].cpu && container.resources[kind].memory, kind);
  }
});

k8s('scaling: the HPA targets the Deployment, and the PDB leaves a replica to evict', () => {
  const hpa = one('HorizontalPodAutoscaler');
  assert.equal(hpa.spec.scaleTargetRef, { apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
  assert.ok(one('PodDisruptionBudget').spec.minAvailable < hpa.spec.minReplicas);
  assert.equal(kustomization.images.map((i) => i.name), [container.image]);
});

k8s.run();

// ---

const ci = suite('GitHub Actions workflow');
const workflow = parseYaml(read('.github/workflows/ci.yml')) as {
  jobs: Record<string, { services?: Record<string, any>; steps: { uses?: string; run?: string; with?: any; env?: Record<string, string> }[] }>;
};

ci('every npm command in the workflow names an existing script', () => {
  const commands = Object.values(workflow.jobs).flatMap((job) => job.steps.map((step) => step.run).filter(Boolean)) as string[];
  assert.ok(commands.length > 0);
  for (const command of commands) {
    const script = /^npm run (\S+)(?: -- .*)?$/.exec(command)?.[1] ?? (command === 'npm test' ? 'test' : undefined);
    if (command === 'npm install' || command === 'npm ci') continue;
    assert.ok(script && packageJson.scripts[script], `unknown command: ${command}`);
  }
});

ci('type-checks, then tests against the PostgreSQL service and the embedded database', () => {
  const [job] = Object.values(workflow.jobs);
  const steps = job!.steps;
  assert.ok(steps.some((step) => step.uses?.startsWith('actions/checkout@')));
  const node = steps.find((step) => step.uses?.startsWith('actions/setup-node@'));
  assert.is(node?.with['node-version'], 22);
  assert.ok(steps.some((step) => step.run === 'npm run typecheck'));
  const tests = steps.filter((step) => step.run === 'npm test');
  assert.is(tests.length, 2);
  const url = new URL(tests.find((step) => step.env?.DATABASE_URL)!.env!.DATABASE_URL!);
  assert.ok(tests.some((step) => !step.env?.DATABASE_URL), 'one run on the embedded database');
  const postgres = job!.services!.postgres;
  assert.is(postgres.image, 'postgres:15');
  assert.equal(
    [url.username, url.password, url.pathname.slice(1), url.port],
    [postgres.env.POSTGRES_USER, postgres.env.POSTGRES_PASSWORD, postgres.env.POSTGRES_DB, postgres.ports[0].split(':')[0]],
  );
});

ci.run();
