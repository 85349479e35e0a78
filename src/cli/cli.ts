import { resolve } from 'node:path';

import { Command, CommanderError, InvalidArgumentError } from 'commander';

import { generate, GenerateError } from '../generate/generate.js';
import { initGitRepository } from '../generate/git-repository.js';
import { generatorCommand } from './generator-command.js';
import { reportGeneration } from './generation-report.js';
import type { Output } from '../lifecycle/project.js';
import { statusCommand } from '../lifecycle/status-command.js';
import { updateCommand } from '../lifecycle/update-command.js';
import { givenAnswers } from './options.js';
import { DEFAULT_FIELDS, type FieldSpec } from '../fields/field-spec.js';
import { FieldSpecError } from '../fields/validate-fields.js';
import { entityNames } from '../names/entity-names.js';
import { DEFAULT_PORTS, type Answers, type EventBroker } from '../answers/answers.js';
import { checkEventBroker } from '../answers/answers-file.js';
import {
  entityFieldsProblem,
  fieldNameClash,
  pluralUnknown,
  softDeleteFieldProblem,
  validateEntity,
  validatePort,
  validatePortPair,
  validateTenantClaim,
} from '../answers/validate-answers.js';
import { equivalentCommand } from './equivalent-command.js';
import { GENERATOR_VERSION } from '../version.js';

interface CliOptions {
  port?: number;
  managementPort?: number;
  out?: string;
  yes?: boolean;
  dryRun?: boolean;
  force?: boolean;
  /** `--no-git` makes it false: no repository of the project's own. */
  git?: boolean;
  field?: string[];
  answers?: string;
  plural?: string;
  softDelete?: boolean;
  tenantClaim?: string;
  events?: EventBroker;
}

/** Where the CLI reads and writes; the process's own by default, a test's own in tests. */
export interface CliIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether prompts can be shown (stdin is a terminal). */
  interactive: boolean;
}

/** Prints whole lines to the CLI's stdout: the prompts' summary and messages between questions. */
const sayTo = (io: CliIo) => (line: string) => io.stdout(`${line}\n`);

/** A problem with the user's input: printed as one line, exit code 1. */
class UsageError extends Error {}

/** The exit code of a process a terminal's Ctrl-C (SIGINT) ended, as shells report it. */
const INTERRUPTED = 130;

function portOption(label: string) {
  return (value: string): number => {
    const problem = validatePort(value, label);
    if (problem) throw new InvalidArgumentError(problem);
    return Number(value);
  };
}

function tenantClaimOption(value: string): string {
  const problem = validateTenantClaim(value);
  if (problem) throw new InvalidArgumentError(problem);
  return value;
}

function eventsOption(value: string): EventBroker {
  try {
    return checkEventBroker(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function buildProgram(io: CliIo): Command {
  return new Command('create-item-service')
    .description('Generate a Koa + Objection/knex CRUD service for one entity')
    .version(GENERATOR_VERSION)
    .argument('[entity]', 'entity name: OrderLine, order-line, order_line and "order line" all mean OrderLine')
    .option('--port <n>', `service port written into the generated config (default ${DEFAULT_PORTS.port})`, portOption('service port'))
    .option('--management-port <n>', `management port for health and metrics (default ${DEFAULT_PORTS.managementPort})`, portOption('management port'))
    .option(
      '--field <spec>',
      'a field of the entity, repeatable: name:type[:modifier...], e.g. title:string:required:maxLength=200 (default: the item fields name, description, price, quantity)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--plural <name>', 'the entity\'s plural, where its name reads as one (Lens: --plural Lenses)')
    .option('--soft-delete', 'a delete hides the record, restorable until purged after DELETED_RETENTION_DAYS (default: a delete removes it)')
    .option('--tenant-claim <claim>', 'the token claim that names the tenant (e.g. org_id): each tenant sees only its own records, enforced by PostgreSQL row-level security', tenantClaimOption)
    .option('--events <broker>', 'publish every committed change as a CloudEvent, through an outbox, to this broker: nats (JetStream) (default: no events)', eventsOption)
    .option('--answers <file>', 'read entity, ports and fields from an answers file (create-item-service.json)')
    .option('-o, --out <dir>', 'output folder (default ./<entity>-service, e.g. ./order-line-service)')
    .option('-y, --yes', 'never prompt; use defaults for anything not given')
    .option('--dry-run', 'print the files that would be written; write nothing')
    .option('--force', 'allow writing into a non-empty folder')
    .option('--no-git', 'do not make the project a git repository of its own')
    .showHelpAfterError(`(run ${generatorCommand(io.cwd)} --help for usage)`)
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    // Commander would exit the process; main() returns the exit code instead.
    .exitOverride();
}

/** The prompts (inquirer), loaded only when asked: most runs pass every answer as flags. */
async function loadPrompts() {
  return {
    ...(await import('./prompt.js')),
    ...(await import('./prompt-fields.js')),
    ...(await import('./prompt-features.js')),
    ...(await import('./prompt-summary.js')),
  };
}

/** The answers, and the prompts when any question was asked (then a summary is confirmed before writing). */
async function resolveAnswers(
  entityArgument: string | undefined,
  options: CliOptions,
  io: CliIo,
): Promise<{ answers: Answers; prompted?: Awaited<ReturnType<typeof loadPrompts>> }> {
  const given = givenAnswers({ ...options, entity: entityArgument }, io.cwd);
  const canAsk = !options.yes && io.interactive;
  // A name that reads as a plural gets its plural asked in place, where a terminal can ask.
  const entityMissing = given.entity === undefined || pluralUnknown(given.entity, given.plural);
  const missing = entityMissing || given.port === undefined || given.managementPort === undefined;
  const prompts = canAsk && (missing || given.fields === undefined) ? await loadPrompts() : undefined;
  const answers = prompts && missing ? await prompts.askMissing(given, DEFAULT_PORTS) : { ...DEFAULT_PORTS, ...given };
  if (answers.entity === undefined) {
    throw new UsageError('missing entity name, e.g. create-item-service OrderLine (prompts need an interactive terminal)');
  }
  const problem = validateEntity(answers.entity, answers.plural) ?? validatePortPair(answers.port, answers.managementPort);
  if (problem) throw new UsageError(problem);
  // Fields given by flag or file are kept; otherwise a terminal asks, and --yes keeps the item's fields.
  const nameProblem = (name: string) => fieldNameClash(answers.entity as string, name, answers.plural);
  const fields: FieldSpec[] | undefined = given.fields ?? (prompts ? await prompts.askFields(sayTo(io), nameProblem) : undefined);
  const resolved: Answers = { entity: answers.entity.trim(), port: answers.port, managementPort: answers.managementPort };
  if (answers.plural !== undefined) resolved.plural = answers.plural.trim();
  if (given.migrationLayout !== undefined) resolved.migrationLayout = given.migrationLayout;
  // Asked with the fields: an answers file or a flag says them already.
  const features =
    prompts && options.answers === undefined && given.softDelete === undefined && given.tenantClaim === undefined && given.events === undefined
      ? await prompts.askFeatures(entityNames(resolved.entity, resolved.plural).labelPlural)
      : given;
  if (features.softDelete) resolved.softDelete = true;
  if (features.tenantClaim !== undefined) resolved.tenantClaim = features.tenantClaim;
  if (features.events !== undefined) resolved.events = features.events;
  const namesProblem =
    entityFieldsProblem(resolved.entity, fields ?? DEFAULT_FIELDS, resolved.plural, resolved.tenantClaim !== undefined) ??
    (resolved.softDelete ? softDeleteFieldProblem(fields ?? DEFAULT_FIELDS) : undefined);
  if (namesProblem) throw new UsageError(namesProblem);
  if (fields === undefined) return { answers: resolved, prompted: prompts };
  const withFields = given.migrations === undefined ? { ...resolved, fields } : { ...resolved, fields, migrations: given.migrations };
  return { answers: withFields, prompted: prompts };
}

async function generateCommand(entityArgument: string | undefined, options: CliOptions, io: CliIo): Promise<void> {
  if (options.out?.trim() === '') throw new UsageError('--out needs a folder name (it was empty)');
  const { answers, prompted } = await resolveAnswers(entityArgument, options, io);
  const outArgument = options.out ?? `./${entityNames(answers.entity, answers.plural).packageName}`;
  const outDir = resolve(io.cwd, outArgument);
  if (prompted && !options.dryRun) {
    // What was answered, as one line: the same project again without a question, for a script or a second try.
    const again = equivalentCommand(answers, { command: generatorCommand(io.cwd), out: options.out, answersFile: options.answers, git: options.git });
    if (!(await prompted.confirmGeneration(answers, outArgument, again, sayTo(io)))) {
      sayTo(io)(`Nothing was written to ${outArgument}. The same answers, without questions:\n  ${again}`);
      return;
    }
  }
  const result = generate({ answers, outDir, outLabel: outArgument, dryRun: options.dryRun, force: options.force, command: generatorCommand(outDir) });
  const names = entityNames(answers.entity, answers.plural);
  const git =
    result.written && options.git !== false
      ? initGitRepository(result.outDir, `Generate the ${names.label} service with create-item-service ${GENERATOR_VERSION}`)
      : undefined;
  reportGeneration(result, { fields: answers.fields ?? DEFAULT_FIELDS, outArgument, dryRun: options.dryRun === true, git }, { cwd: io.cwd, print: sayTo(io) });
}

/** Generation is the default command; `status` and `update` work on an existing project. */
async function run(argv: string[], io: CliIo): Promise<number> {
  let exitCode = 0;
  const output: Output = { log: (line) => io.stdout(`${line}\n`), error: (line) => io.stderr(`${line}\n`) };
  // Positional options: `update --dry-run` belongs to update, not to generation's own --dry-run.
  const program = buildProgram(io)
    .enablePositionalOptions()
    .action((entity: string | undefined, options: CliOptions) => generateCommand(entity, options, io));
  program
    .command('status')
    .description('how many generated files are in each state, and those that need attention; exit 0 when up to date, 1 when an update is pending, 2 on an error')
    .argument('[dir]', 'project folder', '.')
    .option('--all', 'list every generated file')
    .option('--json', 'print one JSON document with every file, for CI')
    .action((dir: string, options: { json?: boolean; all?: boolean }) => {
      exitCode = statusCommand(resolve(io.cwd, dir), { ...options, command: generatorCommand(resolve(io.cwd, dir)) }, output);
    });
  program
    .command('update')
    .description("bring the project to this generator version and its answers file, merging the owner's edits")
    .argument('[dir]', 'project folder', '.')
    .option('--dry-run', 'print the plan; write nothing')
    .option('--from <path>', 'the package (folder or .tgz) of the version that generated the project')
    .option('--allow-dirty', 'update even when git has uncommitted changes')
    .option('--allow-destructive', 'add a field migration even when it drops a column, narrows a type or makes a field required')
    .action((dir: string, options: { dryRun?: boolean; from?: string; allowDirty?: boolean; allowDestructive?: boolean }) => {
      const from = options.from === undefined ? undefined : resolve(io.cwd, options.from);
      exitCode = updateCommand(resolve(io.cwd, dir), { ...options, from, command: generatorCommand(resolve(io.cwd, dir)) }, output);
    });
  await program.parseAsync(argv, { from: 'user' });
  return exitCode;
}

/**
 * Writes to the process's stdout until its reader goes away (`create-item-service ... | head -1`):
 * then the rest of the report is dropped and the work goes on, files and all, without Node.js's
 * unhandled EPIPE stack trace. Any other write error is still thrown.
 */
function stdoutUntilClosed(): (text: string) => void {
  let closed = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && !closed) throw error;
    closed = true;
  });
  return (text) => {
    if (!closed && !process.stdout.destroyed) process.stdout.write(text);
  };
}

/**
 * Parses the command line (the arguments after the command name), asks for what is missing,
 * generates and reports. Returns the exit code; never exits the process itself.
 */
export async function main(argv: string[], io: Partial<CliIo> = {}): Promise<number> {
  const full: CliIo = {
    cwd: io.cwd ?? process.cwd(),
    stdout: io.stdout ?? stdoutUntilClosed(),
    stderr: io.stderr ?? ((text) => process.stderr.write(text)),
    interactive: io.interactive ?? process.stdin.isTTY === true,
  };
  try {
    return await run(argv, full);
  } catch (error) {
    // Commander has printed its own message (or the help, or the version) already.
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof UsageError || error instanceof GenerateError || error instanceof FieldSpecError) {
      full.stderr(`error: ${error.message}\n`);
    } else if (error instanceof Error && error.name === 'ExitPromptError') {
      // Ctrl-C (or the terminal closed) at a prompt: before anything was written, so nothing to report.
      return INTERRUPTED;
    } else {
      full.stderr(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    }
    return 1;
  }
}
