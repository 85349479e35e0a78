/**
 * Two consumers of a service, as its users would write them from its OpenAPI document alone:
 * openapi-typescript's types with openapi-fetch, and @hey-api/openapi-ts's SDK with its fetch
 * client; neither is given a custom serializer. Each is a program that sends every list case and
 * walks a list along Link rel="next", then prints what it got as JSON.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { root } from '../../support/helpers.js';
import type { ListCase, Query } from './cases.js';

export const CONSUMERS = ['openapi-fetch', 'hey-api'] as const;
export type Consumer = (typeof CONSUMERS)[number];

/** What a consumer prints: each case's status, ids and X-Total-Count, and the walk's ids. */
export interface ConsumerOutput {
  cases: Record<string, { status: number; ids: number[] | null; total: string | null }>;
  walked: number[];
}

function run(args: string[], cwd: string): void {
  const result = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
}

/** Generates the client of `consumer` from `documentFile` into `dir`. */
export function generateClient(consumer: Consumer, documentFile: string, dir: string): void {
  if (consumer === 'openapi-fetch') {
    run([join(root, 'tools/openapi-types/node_modules/openapi-typescript/bin/cli.js'), documentFile, '-o', join(dir, 'schema.d.ts')], dir);
  } else {
    // dist/run.mjs, not the bin (which starts another node without the hook).
    run(['--import', join(root, 'test/e2e/openapi-clients/typescript-5.ts'), join(root, 'node_modules/@hey-api/openapi-ts/dist/run.mjs'), '-i', documentFile, '-o', join(dir, 'client')], dir);
  }
}

/** The program's lines that set up the client and define `list(query)`, which answers openapi-fetch's and hey-api's common shape. */
function preamble(consumer: Consumer, listPath: string, listOperation: string): string {
  if (consumer === 'openapi-fetch') {
    return `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';
type ListQuery = NonNullable<paths['${listPath}']['get']['parameters']['query']>;
const client = createClient<paths>({ baseUrl: process.argv[2]! });
const list = (query: ListQuery) => client.GET('${listPath}', { params: { query } });`;
  }
  return `import { client } from './client/client.gen.js';
import { ${listOperation} } from './client/sdk.gen.js';
import type { ${typeName(listOperation)}Data } from './client/types.gen.js';
type ListQuery = NonNullable<${typeName(listOperation)}Data['query']>;
client.setConfig({ baseUrl: process.argv[2]! });
const list = (query: ListQuery) => ${listOperation}({ query });`;
}

const typeName = (operationId: string) => operationId[0]!.toUpperCase() + operationId.slice(1);

/** The consumer's program: the cases as typed literals (so that tsc checks each parameter's type), then a walk along Link. */
export function writeProgram(consumer: Consumer, dir: string, listPath: string, listOperation: string, cases: ListCase[], walk: Query): void {
  const calls = cases.map(({ name, query }) => `await record(${JSON.stringify(name)}, ${JSON.stringify(query)});`).join('\n');
  const program = `${preamble(consumer, listPath, listOperation)}
type Answer = { data?: { id: number }[]; response: Response };
const cases: Record<string, { status: number; ids: number[] | null; total: string | null }> = {};
async function record(name: string, query: ListQuery) {
  const { data, response } = (await list(query)) as Answer;
  cases[name] = { status: response.status, ids: data?.map((row) => row.id) ?? null, total: response.headers.get('x-total-count') };
}
${calls}
const walked: number[] = [];
let after: string | undefined;
do {
  const { data, response } = (await list({ ...${JSON.stringify(walk)}, ...(after === undefined ? {} : { after }) })) as Answer;
  if (response.status !== 200 || !data) throw new Error(\`the walk got \${response.status}\`);
  walked.push(...data.map((row) => row.id));
  const next = /<([^>]*)>;\\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
  after = next === undefined ? undefined : (new URL(next, 'http://link.invalid').searchParams.get('after') ?? undefined);
} while (after !== undefined);
console.log(JSON.stringify({ cases, walked }));
`;
  writeFileSync(join(dir, 'main.ts'), program);
}

/** A folder for one consumer, with the root's packages (openapi-fetch, @types/node) and a strict tsconfig. */
export function consumerDir(base: string, consumer: Consumer): string {
  const dir = join(base, consumer);
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const compilerOptions = { target: 'ES2023', lib: ['ES2024', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, types: ['node'], skipLibCheck: true, noEmit: true };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['.'] }));
  return dir;
}

/** Type-checks the consumer (the project's TypeScript 7); the problems, or undefined. */
export function typeCheck(dir: string): string | undefined {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8', timeout: 120_000 });
  return result.status === 0 ? undefined : `${result.stdout}${result.stderr}`;
}

export function runProgram(dir: string, baseUrl: string): ConsumerOutput {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'main.ts', baseUrl], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`the ${dir} program exited ${result.status}:\n${result.stdout}${result.stderr}`);
  return JSON.parse(result.stdout) as ConsumerOutput;
}
