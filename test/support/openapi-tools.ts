/**
 * The two tools API consumers run against an OpenAPI document, driven as their users drive them:
 * Stoplight Prism as a validating proxy (`prism proxy <document> <upstream> --errors`) and
 * Redocly CLI (`redocly lint`, recommended rules).
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';

import * as assert from 'uvu/assert';

import { root } from './helpers.js';
import { freePort, spawnServer, until, type ServerProcess } from './servers.js';

const require = createRequire(import.meta.url);

/** The JS file a package's `bin` entry names, so the tool runs as one node process with a PID of its own. */
function binOf(pkg: string, name: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = require(manifest) as { bin: Record<string, string> };
  return join(dirname(manifest), bin[name]!);
}

/** Runs `wait` for a process just started; if it fails, stops the process before passing the error on. */
async function stopOnFailure<T>(server: ServerProcess, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export interface RunningService extends ServerProcess {
  /** http://127.0.0.1:<PORT> */
  api: string;
}

export const SERVICE_USERNAME = 'admin';
export const SERVICE_PASSWORD = randomBytes(18).toString('base64url');
/** Signs the services' tokens, so that a test can make one for another subject. */
export const SERVICE_JWT_SECRET = randomBytes(48).toString('base64url');

/**
 * Starts a generated service with `node --import tsx/esm src/server.ts` on ports the system picks
 * (PORT=0), on `databaseUrl`, and resolves once its management port answers /health/ready.
 */
export async function startService(
  dir: string,
  databaseUrl: string,
  authMode: 'writes' | 'all' | 'off',
  extraEnv: Record<string, string> = {},
): Promise<RunningService> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOST: '127.0.0.1',
    PORT: '0',
    MANAGEMENT_PORT: '0',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    AUTH_MODE: authMode,
    JWT_SECRET: SERVICE_JWT_SECRET,
    AUTH_USERNAME: SERVICE_USERNAME,
    AUTH_PASSWORD: SERVICE_PASSWORD,
    // The suite asks for several tokens; the default limit (10 a minute) is not what it tests.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...extraEnv,
  };
  // The service logs the ports it listens on.
  const ports: { service?: number; management?: number } = {};
  const onLine = (line: string) => {
    try {
      const entry = JSON.parse(line) as { msg?: string; port?: number };
      if (entry.msg === 'service listening') ports.service = entry.port;
      if (entry.msg === 'management listening') ports.management = entry.port;
    } catch {
      // Not a log line of the service: kept in the lines for the failure message.
    }
  };
  const server = spawnServer(process.execPath, ['--import', 'tsx/esm', 'src/server.ts'], { cwd: dir, env, onLine });
  return stopOnFailure(server, async () => {
    const what = `${dir} (AUTH_MODE=${authMode})`;
    await until(`${what} listening`, 30_000, () => Boolean(ports.service && ports.management), { server });
    const management = `http://127.0.0.1:${ports.management}`;
    await until(`${what} ready`, 30_000, async () => (await fetch(`${management}/health/ready`)).status === 200, { server });
    return Object.assign(server, { api: `http://127.0.0.1:${ports.service}` });
  });
}

export interface Prism extends ServerProcess {
  url: string;
}

/** Starts `prism proxy <documentFile> <upstream> --errors` on a free loopback port; resolves when it listens. */
export async function startPrism(documentFile: string, upstream: string): Promise<Prism> {
  const port = await freePort();
  const prism = spawnServer(
    process.execPath,
    [binOf('@stoplight/prism-cli', 'prism'), 'proxy', documentFile, upstream, '--errors', '--port', String(port), '--host', '127.0.0.1'],
    { cwd: root, env: { PATH: process.env.PATH, NO_COLOR: '1' } },
  );
  return stopOnFailure(prism, async () => {
    await until(`prism proxy for ${upstream}`, 30_000, () => prism.lines.some((line) => line.includes('Prism is listening on')), { server: prism });
    return Object.assign(prism, { url: `http://127.0.0.1:${port}` });
  });
}

/** One entry of Prism's `sl-violations` header or of the `validation` list of its problem+json answers. */
export interface Violation {
  location?: string[];
  severity: string;
  code?: string | number;
  message: string;
}

const PRISM_ERRORS = 'https://stoplight.io/prism/errors#';

/**
 * What Prism did with a request, read from its answer:
 * - `forwarded`: the service's own answer, passed on. Prism lists any mismatch it found that did
 *   not stop it (warnings, e.g. a status the document does not list) in the `sl-violations` header.
 * - `refused`: the request breaks the document, so with --errors Prism answered itself and the
 *   service never saw it: 422 UNPROCESSABLE_ENTITY (parameters, body, content type) or
 *   401 UNAUTHORIZED (no credentials where the document asks for them), as problem+json.
 * - `response-violation`: the service answered something the document does not allow; with
 *   --errors Prism replaces it with 500 VIOLATIONS problem+json and the list in `sl-violations`.
 * - `prism-error`: any other problem+json of Prism's own (no such path, upstream unreachable).
 */
export type PrismAnswer =
  | { kind: 'forwarded'; status: number; headers: Headers; violations: Violation[] }
  | { kind: 'refused' | 'response-violation' | 'prism-error'; status: number; type: string; violations: Violation[]; detail: string };

export async function readPrismAnswer(response: Response): Promise<PrismAnswer> {
  const text = await response.text();
  const header = response.headers.get('sl-violations');
  const violations = header ? (JSON.parse(header) as Violation[]) : [];
  if (response.headers.get('content-type')?.startsWith('application/problem+json')) {
    const problem = JSON.parse(text) as { type?: string; detail?: string; validation?: Violation[] };
    if (problem.type?.startsWith(PRISM_ERRORS)) {
      const type = problem.type.slice(PRISM_ERRORS.length);
      const kind = type === 'UNPROCESSABLE_ENTITY' || type === 'UNAUTHORIZED' ? 'refused' : type === 'VIOLATIONS' ? 'response-violation' : 'prism-error';
      return { kind, status: response.status, type, violations: problem.validation ?? violations, detail: problem.detail ?? '' };
    }
  }
  return { kind: 'forwarded', status: response.status, headers: response.headers, violations };
}

export function describeViolations(violations: Violation[]): string {
  return violations.map((v) => `${v.severity}${v.code === undefined ? '' : ` ${v.code}`} at ${(v.location ?? []).join('.')}: ${v.message}`).join('; ');
}

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; pointer: string }[];
}

export interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: LintProblem[];
}

/**
 * `redocly lint --extends=recommended --format=json` on the given files, in the repository root
 * (so a committed redocly.yaml there applies), summed over the files. It exits 1 on errors, so the
 * exit code is not used: the JSON reports are.
 */
export async function lintDocuments(files: string[]): Promise<LintReport> {
  const args = [binOf('@redocly/cli', 'redocly'), 'lint', ...files, '--extends=recommended', '--format=json', '--max-problems=1000'];
  const env = { PATH: process.env.PATH, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, args, { cwd: root, env, timeout: 60_000, maxBuffer: 10_000_000 }, (error, out, err) => {
      if (error && !out.trim().startsWith('{')) reject(new Error(`redocly lint failed: ${error.message}\n${err}`));
      else resolve(out);
    });
  });
  // One pretty-printed report per file, written back to back: `}{` alone on a line joins two.
  const reports = JSON.parse(`[${stdout.replace(/^\}\{$/gm, '},{')}]`) as LintReport[];
  assert.is(reports.length, files.length, 'one redocly report per document');
  return {
    totals: {
      errors: sum(reports.map((report) => report.totals.errors)),
      warnings: sum(reports.map((report) => report.totals.warnings)),
      ignored: sum(reports.map((report) => report.totals.ignored)),
    },
    problems: reports.flatMap((report) => report.problems),
  };
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

export function describeProblems(report: LintReport): string[] {
  return report.problems.map((p) => `${basename(p.location[0]?.source.ref ?? "")} ${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
}
