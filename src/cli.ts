import { relative } from 'node:path';

import { Command, InvalidArgumentError } from 'commander';

import { generate, GenerateError, type GenerateResult } from './generate.js';
import { entityNames } from './names.js';
import { askMissing, type PartialAnswers } from './prompt.js';
import { validateEntity, validatePort, validatePortPair } from './validate.js';
import { GENERATOR_VERSION } from './version.js';

const DEFAULT_PORTS = { port: 8080, managementPort: 8081 };

interface CliOptions {
  port?: number;
  managementPort?: number;
  out?: string;
  yes?: boolean;
  dryRun?: boolean;
  force?: boolean;
}

/** A problem with the user's input: printed as one line, exit code 1. */
class UsageError extends Error {}

function portOption(label: string) {
  return (value: string): number => {
    const problem = validatePort(value, label);
    if (problem) throw new InvalidArgumentError(problem);
    return Number(value);
  };
}

function buildProgram(): Command {
  return new Command('create-item-service')
    .description('Generate a Koa + Objection/knex CRUD service for one entity')
    .version(GENERATOR_VERSION)
    .argument('[entity]', 'entity name: OrderLine, order-line, order_line and "order line" all mean OrderLine')
    .option('--port <n>', `service port written into the generated config (default ${DEFAULT_PORTS.port})`, portOption('service port'))
    .option('--management-port <n>', `management port for health and metrics (default ${DEFAULT_PORTS.managementPort})`, portOption('management port'))
    .option('-o, --out <dir>', 'output folder (default ./<entity>-service, e.g. ./order-line-service)')
    .option('-y, --yes', 'never prompt; use defaults for anything not given')
    .option('--dry-run', 'print the files that would be written; write nothing')
    .option('--force', 'allow writing into a non-empty folder')
    .showHelpAfterError('(run create-item-service --help for usage)');
}

async function resolveAnswers(entityArgument: string | undefined, options: CliOptions) {
  const given: PartialAnswers = { entity: entityArgument, port: options.port, managementPort: options.managementPort };
  const canAsk = !options.yes && process.stdin.isTTY === true;
  const missing = given.entity === undefined || given.port === undefined || given.managementPort === undefined;
  const answers = canAsk && missing
    ? await askMissing(given, DEFAULT_PORTS)
    : { ...DEFAULT_PORTS, ...withoutUndefined(given) };
  if (answers.entity === undefined) {
    throw new UsageError('missing entity name, e.g. create-item-service OrderLine (prompts need an interactive terminal)');
  }
  const problem = validateEntity(answers.entity) ?? validatePortPair(answers.port, answers.managementPort);
  if (problem) throw new UsageError(problem);
  return { entity: answers.entity.trim(), port: answers.port, managementPort: answers.managementPort };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function report(result: GenerateResult, outArgument: string, dryRun: boolean): void {
  if (dryRun) {
    for (const { path, status } of result.plan) console.log(`would ${status === 'conflict' ? 'replace' : status} ${path}`);
    console.log('would create .env (random JWT_SECRET and password), unless one exists');
    console.log(`\nDry run: nothing was written to ${outArgument}.`);
    return;
  }
  const counts = { create: 0, identical: 0, conflict: 0 };
  for (const { status } of result.plan) counts[status] += 1;
  console.log(`Wrote ${outArgument}: ${counts.create} created, ${counts.conflict} replaced, ${counts.identical} unchanged.`);
  if (result.env.status === 'created') {
    const { username, password } = result.env.secrets;
    console.log(`
Created .env (git-ignored, readable only by you) with a random JWT_SECRET and the account
for POST /api/auth/token, which writes need:
  username: ${username}
  password: ${password}`);
  } else {
    console.log('Kept the existing .env: its JWT_SECRET and password are unchanged.');
  }
  const cdPath = relative(process.cwd(), result.outDir) || '.';
  console.log(`
Next steps:
  cd ${cdPath}
  npm install
  npm start      # embedded database, no server needed; API docs at /swagger
  npm test`);
}

/** Parses the command line, asks for what is missing, generates, and reports. */
export async function main(argv: string[] = process.argv): Promise<void> {
  const program = buildProgram();
  program.parse(argv);
  const options = program.opts<CliOptions>();
  const answers = await resolveAnswers(program.args[0], options);
  const outArgument = options.out ?? `./${entityNames(answers.entity).packageName}`;
  const result = generate({ answers, outDir: outArgument, dryRun: options.dryRun, force: options.force });
  report(result, outArgument, options.dryRun === true);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof GenerateError) {
    console.error(`error: ${error.message}`);
  } else if (error instanceof Error && error.name === 'ExitPromptError') {
    console.error('error: cancelled');
  } else {
    console.error(error);
  }
  process.exit(1);
});
