import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';

import { generatedProjects } from '../support/generated-projects.js';
import { readTree, tempDir } from '../support/helpers.js';

/**
 * No Docker engine runs here: Debian's docker-compose 1.29 (`apt-get install -y docker-compose`,
 * done by .ci/run) validates a compose file against the Compose specification's JSON schema
 * without one. The cross-references a schema cannot see are checked by hand.
 */
const SECRETS = { JWT_SECRET: 'compose-test-secret-compose-test-secret-0123', AUTH_PASSWORD: 'compose-test-password' };

function composeConfig(dir: string, env: Record<string, string | undefined> = SECRETS) {
  const result = spawnSync('docker-compose', ['-f', 'compose.yaml', 'config', '-q'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
    env: { PATH: process.env.PATH, ...env },
  });
  if (result.error) throw new Error(`docker-compose could not run (apt-get install -y docker-compose): ${result.error.message}`);
  return result;
}

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment: Record<string, string>;
  ports: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

/** The service's source: a variable it reads appears as 'NAME' (in a reader call) or env.NAME. */
function sourceOf(files: Map<string, string>): string {
  return [...files].filter(([path]) => path.startsWith('src/') && path.endsWith('.ts')).map(([, text]) => text).join('\n');
}

for (const { dir, names } of generatedProjects) {
  const name = names.packageName;
  const test = suite(`compose.yaml of ${name}`);
  const files = () => readTree(dir);
  const compose = () => parseYaml(files().get('compose.yaml') ?? '') as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };

  test('was generated', () => {
    assert.ok(files().has('compose.yaml'));
  });

  test('validates against the Compose specification', () => {
    const result = composeConfig(dir);
    assert.is(result.status, 0, result.stderr);
  });

  test('the validator refuses an unknown key and a missing secret (it can fail)', () => {
    // A copy without node_modules and without the local .env, whose secrets compose would read.
    const broken = join(tempDir(), 'broken');
    cpSync(dir, broken, { recursive: true, filter: (path) => !/node_modules|\.env$/.test(path) });
    const noSecret = composeConfig(broken, { AUTH_PASSWORD: SECRETS.AUTH_PASSWORD });
    assert.is.not(noSecret.status, 0);
    assert.match(noSecret.stderr, /set JWT_SECRET in \.env/);

    const file = compose();
    const [name] = Object.keys(file.services).filter((key) => key !== 'postgres');
    (file.services[name!] as unknown as Record<string, unknown>).restart_policy = 'always';
    writeFileSync(join(broken, 'compose.yaml'), stringifyYaml(file));
    const unknownKey = composeConfig(broken);
    assert.is.not(unknownKey.status, 0);
    assert.match(unknownKey.stderr, /restart_policy/);
  });

  test('PostgreSQL 15 initialised with C.UTF-8, a health check, a named volume and the credentials DATABASE_URL uses', () => {
    const { services, volumes } = compose();
    const postgres = services.postgres!;
    assert.is(postgres.image, 'postgres:15');
    // Text compared by code point, as in the embedded database: the list's [prefix] filters are served.
    assert.is(postgres.environment.POSTGRES_INITDB_ARGS, '--locale=C.UTF-8');
    const { POSTGRES_USER: user, POSTGRES_PASSWORD: password, POSTGRES_DB: database } = postgres.environment;
    assert.equal(postgres.healthcheck?.test, ['CMD', 'pg_isready', '-U', user, '-d', database]);
    const [volume, mount] = (postgres.volumes?.[0] ?? '').split(':');
    assert.ok(volume && volume in volumes, `named volume ${volume}`);
    assert.is(mount, '/var/lib/postgresql/data');
    assert.equal(postgres.ports, ['127.0.0.1:5432:5432']);

    const [service] = Object.values(services).filter((s) => s !== postgres);
    const url = new URL(service!.environment.DATABASE_URL!);
    assert.equal([url.username, url.password, url.hostname, url.port, url.pathname], [user, password, 'postgres', '5432', `/${database}`]);
    assert.equal(service!.depends_on, { postgres: { condition: 'service_healthy' } });
  });

  test('the service builds from the Dockerfile, publishes its EXPOSEd ports and listens on every interface', () => {
    const tree = files();
    const [[serviceName, service]] = Object.entries(compose().services).filter(([key]) => key !== 'postgres') as [[string, ComposeService]];
    assert.is(serviceName, JSON.parse(tree.get('package.json')!).name);
    assert.equal(service.build, { context: '.', dockerfile: 'Dockerfile' });
    const dockerfile = tree.get(service.build!.dockerfile)!;
    assert.ok(dockerfile, 'the Dockerfile exists');

    const exposed = /^EXPOSE (.+)$/m.exec(dockerfile)![1]!.split(' ').map(Number);
    const config = tree.get('src/config.ts')!;
    const defaults = [/DEFAULT_PORT = (\d+)/, /DEFAULT_MANAGEMENT_PORT = (\d+)/].map((pattern) => Number(pattern.exec(config)![1]));
    assert.equal(exposed, defaults);
    assert.equal([service.environment.PORT, service.environment.MANAGEMENT_PORT].map(Number), defaults);
    assert.equal(service.ports, defaults.map((port) => `127.0.0.1:${port}:${port}`));
    assert.is(service.environment.HOST, '0.0.0.0');
    // The image's HEALTHCHECK (which compose keeps) asks the management port's liveness route.
    assert.match(dockerfile, /HEALTHCHECK[\s\S]+process\.env\.MANAGEMENT_PORT[\s\S]+\/health\/live/);
    assert.match(tree.get('src/http/health.ts')!, /router\.get\('\/health\/live'/);
  });

  test('every variable the service gets is one it reads', () => {
    const [service] = Object.values(compose().services).filter((s) => s.image === undefined);
    const source = sourceOf(files());
    for (const name of Object.keys(service!.environment)) {
      assert.match(source, new RegExp(`'${name}'|env\\.${name}\\b`), `${name} is read in src/`);
    }
    // And the secrets it interpolates are the ones .env.example documents.
    const documented = readFileSync(join(dir, '.env.example'), 'utf8');
    for (const name of ['JWT_SECRET', 'AUTH_PASSWORD']) assert.match(documented, new RegExp(`^${name}=`, 'm'));
  });

  test.run();
}
