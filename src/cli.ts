import { relative, resolve } from 'node:path';

import { Command, CommanderError, InvalidArgumentError } from 'commander';

import { generate, GenerateError, type GenerateResult } from './generate.js';
import { entityNames } from './names.js';
import type { PartialAnswers } from './prompt.js';
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

/** Where the CLI reads and writes; the process's own by default, a test's own in tests. */
export interface CliIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether prompts can be shown (stdin is a terminal). */
  interactive: boolean;
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

function buildProgram(io: CliIo): Command {
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
    .showHelpAfterError('(run create-item-service --help for usage)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    // Commander would exit the process; main() returns the exit code instead.
    .exitOverride();
}

async function resolveAnswers(entityArgument: string | undefined, options: CliOptions, io: CliIo) {
  const given: PartialAnswers = { entity: entityArgument, port: options.port, managementPort: options.managementPort };
  const canAsk = !options.yes && io.interactive;
  const missing = given.entity === undefined || given.port === undefined || given.managementPort === undefined;
  // The prompts (inquirer) load only when asked: most runs pass every answer as flags.
  const answers = canAsk && missing
    ? await (await import('./prompt.js')).askMissing(given, DEFAULT_PORTS)
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

function report(result: GenerateResult, outArgument: string, dryRun: boolean, io: CliIo): void {
  const print = (text: string) => io.stdout(`${text}\n`);
  if (dryRun) {
    for (const { path, status } of result.plan) print(`would ${status === 'conflict' ? 'replace' : status} ${path}`);
    print('would create .env (random JWT_SECRET and password), unless one exists');
    print(`\nDry run: nothing was written to ${outArgument}.`);
    return;
  }
  const counts = { create: 0, identical: 0, conflict: 0 };
  for (const { status } of result.plan) counts[status] += 1;
  print(`Wrote ${outArgument}: ${counts.create} created, ${counts.conflict} replaced, ${counts.identical} unchanged.`);
  if (result.env.status === 'created') {
    const { username, password } = result.env.secrets;
    print(`
Created .env (git-ignored, readable only by you) with a random JWT_SECRET and the account
for POST /api/auth/token, which writes need:
  username: ${username}
  password: ${password}`);
  } else {
    print('Kept the existing .env: its JWT_SECRET and password are unchanged.');
  }
  const cdPath = relative(io.cwd, result.outDir) || '.';
  print(`
Next steps:
  cd ${cdPath}
  npm install
  npm start      # embedded database, no server needed; API docs at /swagger
  npm test`);
}

async function run(argv: string[], io: CliIo): Promise<void> {
  const program = buildProgram(io);
  program.parse(argv, { from: 'user' });
  const options = program.opts<CliOptions>();
  if (options.out?.trim() === '') throw new UsageError('--out needs a folder name (it was empty)');
  const answers = await resolveAnswers(program.args[0], options, io);
  const outArgument = options.out ?? `./${entityNames(answers.entity).packageName}`;
  const result = generate({ answers, outDir: resolve(io.cwd, outArgument), outLabel: outArgument, dryRun: options.dryRun, force: options.force });
  report(result, outArgument, options.dryRun === true, io);
}

/**
 * Parses the command line (the arguments after the command name), asks for what is missing,
 * generates and reports. Returns the exit code; never exits the process itself.
 */
export async function main(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const full: CliIo = {
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    interactive: process.stdin.isTTY === true,
    ...io,
  };
  try {
    await run(argv, full);
    return 0;
  } catch (error) {
    // Commander has printed its own message (or the help, or the version) already.
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof UsageError || error instanceof GenerateError) {
      full.stderr(`error: ${error.message}\n`);
    } else if (error instanceof Error && error.name === 'ExitPromptError') {
      full.stderr('error: cancelled\n');
    } else {
      full.stderr(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    return 1;
  }
}
