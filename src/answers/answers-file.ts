import { readFileSync } from 'node:fs';

import {
  entityFieldsProblem,
  softDeleteFieldProblem,
  validateEntity,
  validatePort,
  validatePortPair,
  validateTenantClaim,
  validateTenantValue,
} from './validate-answers.js';
import { EVENT_BROKERS, type EventBroker, type FieldMigration } from './answers.js';
import { checkMigrations } from './migration-history.js';
import { checkMigrationLayout, type MigrationLayout } from './migration-layout.js';
import { checkFields, FieldSpecError } from '../fields/validate-fields.js';
import type { FieldSpec } from '../fields/field-spec.js';

/** The answers file of a generated project: what the owner chose, and the record of what was last rendered. */
export const ANSWERS_FILE = 'create-item-service.json';

/**
 * The one reader of answers-file text (`--answers`, a project's ${ANSWERS_FILE}, the folder
 * `generate` writes into): the JSON object it holds, or a FieldSpecError with one line saying why not.
 */
export function parseAnswersJson(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FieldSpecError(`not valid JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new FieldSpecError('must be a JSON object such as {"entity": "Book", "fields": [...]}');
  }
  return value as Record<string, unknown>;
}

/** What an answers file gives; ports and fields left out take the CLI's defaults. */
export interface AnswersFromFile {
  entity: string;
  plural?: string;
  port?: number;
  managementPort?: number;
  fields?: FieldSpec[];
  /** A generated project's record of its field migrations (see Answers.migrations). */
  migrations?: FieldMigration[];
  /** How the project's first migrations build its table (see Answers.migrationLayout). */
  migrationLayout?: MigrationLayout;
  softDelete?: boolean;
  tenantClaim?: string;
  existingRowsTenant?: string;
  events?: EventBroker;
}

/** What a generated project's create-item-service.json also holds: read past, never used as answers. */
const RECORD_KEYS = new Set(['generatorVersion', 'generated']);
const ANSWER_KEYS = new Set(['entity', 'plural', 'port', 'managementPort', 'fields', 'softDelete', 'tenantClaim', 'existingRowsTenant', 'events', 'migrations', 'migrationLayout']);

function checkPort(value: unknown, label: string): number | undefined {
  if (value === undefined) return undefined;
  const problem = typeof value === 'number' ? validatePort(String(value), label) : `${label} must be a number`;
  if (problem) throw new FieldSpecError(problem);
  return value as number;
}

/**
 * Checks the answers in a parsed answers file with the CLI's own validators: entity, ports,
 * fields. A generated project's create-item-service.json is a valid answers file too; `recorded`
 * says the answers are such a project's (by default: the file records its generator version).
 * Throws FieldSpecError with one line.
 */
export function checkAnswers(input: unknown, { recorded }: { recorded?: boolean } = {}): AnswersFromFile {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new FieldSpecError('must be a JSON object such as {"entity": "Book", "fields": [...]}');
  }
  const raw = input as Record<string, unknown>;
  const unknown = Object.keys(raw).find((key) => !ANSWER_KEYS.has(key) && !RECORD_KEYS.has(key));
  if (unknown !== undefined) {
    throw new FieldSpecError(`unknown key "${unknown}" (it takes entity, plural, port, managementPort, fields, softDelete, tenantClaim, events)`);
  }
  if (typeof raw.entity !== 'string') throw new FieldSpecError('needs "entity", e.g. "entity": "Book"');
  if (raw.plural !== undefined && typeof raw.plural !== 'string') throw new FieldSpecError('"plural" must be a name, e.g. "plural": "Lenses"');
  const entityProblem = validateEntity(raw.entity, raw.plural);
  if (entityProblem) throw new FieldSpecError(entityProblem);
  const port = checkPort(raw.port, 'port');
  const managementPort = checkPort(raw.managementPort, 'managementPort');
  if (port !== undefined && managementPort !== undefined) {
    const problem = validatePortPair(port, managementPort);
    if (problem) throw new FieldSpecError(problem);
  }
  const answers: AnswersFromFile = { entity: raw.entity.trim() };
  if (raw.plural !== undefined) answers.plural = raw.plural.trim();
  if (port !== undefined) answers.port = port;
  if (managementPort !== undefined) answers.managementPort = managementPort;
  if (raw.fields !== undefined) answers.fields = checkFields(raw.fields);
  if (raw.softDelete !== undefined && typeof raw.softDelete !== 'boolean') throw new FieldSpecError('"softDelete" must be true or false');
  if (raw.softDelete === true) answers.softDelete = true;
  const softDeleteProblem = answers.softDelete && softDeleteFieldProblem(answers.fields ?? []);
  if (softDeleteProblem) throw new FieldSpecError(softDeleteProblem);
  for (const [key, check] of [['tenantClaim', validateTenantClaim], ['existingRowsTenant', validateTenantValue]] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    const problem = typeof value === 'string' ? check(value) : `"${key}" must be a string`;
    if (problem) throw new FieldSpecError(problem);
    answers[key] = value as string;
  }
  if (raw.events !== undefined) answers.events = checkEventBroker(raw.events);
  const tenancy = typeof raw.tenantClaim === 'string';
  const namesProblem = (answers.fields || tenancy) && entityFieldsProblem(answers.entity, answers.fields ?? [], answers.plural, tenancy);
  if (namesProblem) throw new FieldSpecError(namesProblem);
  if (raw.migrations !== undefined) answers.migrations = checkMigrations(raw.migrations, answers.entity, answers.plural);
  const migrationLayout = checkMigrationLayout(raw.migrationLayout, recorded ?? raw.generatorVersion !== undefined);
  if (migrationLayout !== undefined) answers.migrationLayout = migrationLayout;
  return answers;
}

/** An answers file's or `--events`' broker, checked; FieldSpecError with one line naming those there are. */
export function checkEventBroker(value: unknown): EventBroker {
  if ((EVENT_BROKERS as readonly unknown[]).includes(value)) return value as EventBroker;
  throw new FieldSpecError(`events must be ${EVENT_BROKERS.map((broker) => JSON.stringify(broker)).join(' or ')} (the broker change events go to), got ${JSON.stringify(value)}`);
}

/**
 * Reads `--answers <file>`. Every problem (missing file, bad JSON, bad answer) is a
 * FieldSpecError whose one line names the file.
 */
export function readAnswersFile(path: string): AnswersFromFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new FieldSpecError(`--answers ${path}: ${reason}`);
  }
  try {
    return checkAnswers(parseAnswersJson(text));
  } catch (error) {
    throw new FieldSpecError(`--answers ${path}: ${(error as Error).message}`);
  }
}
