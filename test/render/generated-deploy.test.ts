/**
 * The deployment files a generated project ships, checked in the example and in a fresh
 * multi-word service: the Dockerfile and the Kubernetes manifests (validated against the API
 * schemas). The image's commands themselves run in the resilience suite (test/support/resilience-kit.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml, parseAllDocuments } from 'yaml';

import { generatedProjects, type GeneratedProject } from '../support/generated-projects.js';

type ConfigModule = typeof import('../../examples/product-service/src/config.js');
type TokensModule = typeof import('../../examples/product-service/test/support/tokens.js');

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

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
} & Record<string, any>;

const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'apps/v1/StatefulSet': StatefulSet,
};

/** True when every label of the selector is on the pod template. */
function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);
}

async function checkProject({ dir, names, port, managementPort }: GeneratedProject): Promise<void> {
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');
  const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  const { loadConfig } = (await import(pathToFileURL(join(dir, 'src/config.ts')).href)) as ConfigModule;
  const { AUTH_ENV } = (await import(pathToFileURL(join(dir, 'test/support/tokens.ts')).href)) as TokensModule;

  // ---

  const docker = suite(`${names.packageName}: Dockerfile`);
  const instructions = parseDockerfile(read('Dockerfile'));
  const stages = instructions.filter((i) => i.keyword === 'FROM').map((i) => /\bAS\s+(\S+)$/i.exec(i.args)?.[1]);
  const runtime = instructions.filter((i) => i.stage === stages.length - 1);
  const exposed = runtime.filter((i) => i.keyword === 'EXPOSE').flatMap((i) => i.args.split(/\s+/)).map(Number);
  const runtimeEnv = runtime.filter((i) => i.keyword === 'ENV').map((i) => i.args);

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
    assert.ok(runtimeEnv.includes('NODE_ENV=production'), runtimeEnv.join('\n'));
  });

  docker('listens on every interface in the container (HOST=0.0.0.0; the service defaults to loopback)', () => {
    assert.ok(runtimeEnv.includes('HOST=0.0.0.0'), runtimeEnv.join('\n'));
    assert.is(loadConfig({ ...AUTH_ENV }).host, '127.0.0.1');
  });

  docker('runs compiled JavaScript as a non-root user and exposes both ports', () => {
    const users = runtime.filter((i) => i.keyword === 'USER').map((i) => i.args);
    assert.ok(users.length > 0, 'the runtime stage sets USER');
    assert.not.ok(['root', '0'].includes(users.at(-1)!.split(':')[0]!), `USER ${users.at(-1)}`);
    const cmd = runtime.filter((i) => i.keyword === 'CMD').at(-1);
    assert.equal(JSON.parse(cmd!.args), ['node', 'dist/server.js']);
    assert.match(packageJson.scripts['start:prod']!, 'node dist/server.js');
    assert.equal([...exposed].sort(), [port, managementPort].sort());
  });

  docker('.dockerignore keeps secrets, local data and dependencies out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    for (const entry of ['node_modules', 'dist', 'data', '.env', '.git']) assert.ok(ignored.includes(entry), entry);
    for (const copied of ['package.json', 'tsconfig.json', 'src']) assert.not.ok(ignored.includes(copied), copied);
  });

  docker.run();

  // ---

  const k8sDir = 'deploy/kubernetes';
  const kustomization = parseYaml(read(`${k8sDir}/kustomization.yaml`)) as { resources: string[]; images: { name: string }[] };
  const all: Manifest[] = kustomization.resources.flatMap((file) =>
    parseAllDocuments(read(`${k8sDir}/${file}`)).map((document) => {
      assert.equal(document.errors, [], file);
      return document.toJS() as Manifest;
    }),
  );
  // A project with change events ships its NATS too (nats.yaml): checked on its own below.
  const isNats = (m: Manifest) => m.metadata.name === `${names.packageName}-nats`;
  const manifests = all.filter((m) => !isNats(m));
  const nats = all.filter(isNats);
  const one = (kind: string, name?: string): Manifest => {
    const found = manifests.filter((m) => m.kind === kind && (name === undefined || m.metadata.name === name));
    assert.is(found.length, 1, `exactly one ${kind} ${name ?? ''}`);
    return found[0]!;
  };
  const deployment = one('Deployment');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const portsByName = new Map<string, number>(container.ports.map((p: { name: string; containerPort: number }) => [p.name, p.containerPort]));
  const configMap = one('ConfigMap');
  const secret = one('Secret');
  // The Secret reaches the pods as files: a volume of it, mounted, and variables naming its files.
  const secretVolume = (pod.volumes as { name: string; secret?: { secretName: string } }[]).find((v) => v.secret?.secretName === secret.metadata.name);
  const secretMount = (container.volumeMounts as { name: string; mountPath: string; readOnly?: boolean }[]).find((m) => m.name === secretVolume?.name);
  const fileVariables = (container.env ?? []) as { name: string; value: string }[];
  /** The variables of the container with its Secret's files written as `values` say, in a folder of their own. */
  const secretFiles = (values: Record<string, string>): Record<string, string> => {
    const folder = mkdtempSync(join(tmpdir(), 'deploy-secrets-'));
    process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
    for (const [key, value] of Object.entries(values)) writeFileSync(join(folder, key), value);
    return Object.fromEntries(fileVariables.map(({ name, value }) => [name, value.replace(secretMount!.mountPath, folder)]));
  };
  const realSecrets = { ...secret.stringData, 'jwt-secret': AUTH_ENV.JWT_SECRET, 'auth-password': AUTH_ENV.AUTH_PASSWORD };
  const productionConfig = () => loadConfig({ ...configMap.data, ...secretFiles(realSecrets) });

  const k8s = suite(`${names.packageName}: Kubernetes manifests`);

  k8s('kustomization lists every manifest in the folder', () => {
    const files = readdirSync(join(dir, k8sDir)).filter((file) => file !== 'kustomization.yaml');
    assert.equal([...kustomization.resources].sort(), files.sort());
  });

  k8s('every object validates against the Kubernetes API schema', () => {
    for (const manifest of all) {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
      assert.ok(Model, `no model for ${manifest.apiVersion} ${manifest.kind}`);
      new Model(manifest).validate();
    }
    assert.equal(
      manifests.map((m) => m.kind).sort(),
      ['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Secret', 'Service', 'Service'],
    );
  });

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
    assert.equal([...exposed].sort(), [...portsByName.values()].sort());
    for (const service of manifests.filter((m) => m.kind === 'Service')) {
      for (const servicePort of service.spec.ports) assert.ok(portsByName.has(servicePort.targetPort), `${service.metadata.name} -> ${servicePort.targetPort}`);
    }
    const metrics = one('Service', `${names.packageName}-metrics`);
    assert.equal(metrics.spec.ports.map((p: { targetPort: string }) => p.targetPort), ['management']);
    assert.is(metrics.metadata.annotations!['prometheus.io/scrape'], 'true');
    assert.is(metrics.metadata.annotations!['prometheus.io/port'], String(portsByName.get('management')));
    assert.is(metrics.metadata.annotations!['prometheus.io/path'], '/metrics');
    assert.equal(one('Service', names.packageName).spec.ports.map((p: { targetPort: string }) => p.targetPort), ['http']);
  });

  k8s('probes: liveness /health/live and readiness /health/ready on the management port', () => {
    const { livenessProbe: live, readinessProbe: ready } = container;
    assert.equal(live.httpGet, { path: '/health/live', port: 'management' });
    assert.equal([live.initialDelaySeconds, live.periodSeconds], [30, 10]);
    assert.equal(ready.httpGet, { path: '/health/ready', port: 'management' });
    assert.equal([ready.initialDelaySeconds, ready.periodSeconds], [5, 5]);
  });

  k8s('environment: the ConfigMap as variables, the Secret as read-only files named by *_FILE; together a valid production config', () => {
    const refs = container.envFrom as { configMapRef?: { name: string }; secretRef?: { name: string } }[];
    assert.equal(refs.map((ref) => ref.configMapRef?.name ?? ref.secretRef?.name), [configMap.metadata.name]);
    assert.is(configMap.data.NODE_ENV, 'production');
    assert.equal(Object.keys(secret.stringData).sort(), ['auth-password', 'database-url', 'jwt-secret']);
    assert.ok(secretMount?.readOnly, 'the Secret is mounted read-only');
    // Each variable names a file of the mounted Secret; together they name every key.
    assert.equal(fileVariables.map(({ name }) => name), ['DATABASE_URL_FILE', 'JWT_SECRET_FILE', 'AUTH_PASSWORD_FILE']);
    assert.equal(fileVariables.map(({ value }) => value), ['database-url', 'jwt-secret', 'auth-password'].map((key) => `${secretMount!.mountPath}/${key}`));
    // Readable by the service's user: the files belong to its group.
    assert.is(pod.securityContext.fsGroup, pod.securityContext.runAsGroup);
    // The placeholders are refused, so a forgotten one stops the pods instead of opening the API...
    assert.throws(() => loadConfig({ ...configMap.data, ...secretFiles(secret.stringData) }), /JWT_SECRET must be at least 32 bytes/);
    assert.throws(() => loadConfig({ ...configMap.data, ...secretFiles({ ...realSecrets, 'auth-password': 'CHANGE_ME' }) }), /AUTH_PASSWORD must be at least 12/);
    // ...and real values make a valid production configuration, listening on every interface of the pod.
    const config = productionConfig();
    assert.is(config.port, portsByName.get('http'));
    assert.is(config.host, '0.0.0.0');
    assert.is(config.databaseUrl, secret.stringData['database-url']);
    // Every setting in the ConfigMap and the container is documented in a row of the configuration table (docs/operations.md)
    // (a row may name related variables together: `PORT` / `MANAGEMENT_PORT`).
    const configuration = read('docs/operations.md');
    for (const key of [...Object.keys(configMap.data), ...fileVariables.map(({ name }) => name)]) {
      assert.match(configuration, new RegExp(`^\\| [^\\n]*\`${key}\``, 'm'), key);
    }
  });

  k8s('change events: NATS with JetStream on a volume, where NATS_URL points; none without events', () => {
    const events = 'NATS_URL' in configMap.data;
    assert.equal(nats.map((m) => m.kind).sort(), events ? ['Service', 'StatefulSet'] : []);
    if (!events) return;
    const statefulSet = nats.find((m) => m.kind === 'StatefulSet')!;
    const natsService = nats.find((m) => m.kind === 'Service')!;
    const natsPod = statefulSet.spec.template;
    assert.ok(selects(statefulSet.spec.selector.matchLabels, natsPod.metadata.labels));
    assert.ok(selects(natsService.spec.selector, natsPod.metadata.labels));
    assert.not.ok(selects(natsService.spec.selector, deployment.spec.template.metadata.labels), 'it does not select the service');
    const natsContainer = natsPod.spec.containers[0];
    assert.ok(natsContainer.args.includes('--jetstream'));
    const store = natsContainer.args[natsContainer.args.indexOf('--store_dir') + 1];
    assert.ok(natsContainer.volumeMounts.some((m: { name: string; mountPath: string }) => m.mountPath === store && m.name === statefulSet.spec.volumeClaimTemplates[0].metadata.name));
    const port = natsService.spec.ports[0];
    assert.is(configMap.data.NATS_URL, `nats://${natsService.metadata.name}:${port.port}`);
    assert.ok(natsContainer.ports.some((p: { name: string; containerPort: number }) => p.name === port.targetPort && p.containerPort === 4222));
    assert.is((productionConfig() as { events?: { natsUrl: string } }).events?.natsUrl, configMap.data.NATS_URL);
  });

  k8s('shutdown: the grace period outlasts the preStop pause plus SHUTDOWN_TIMEOUT_MS', () => {
    const { shutdownTimeoutMs } = productionConfig();
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
}

for (const project of generatedProjects) await checkProject(project);
