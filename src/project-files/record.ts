import { createHash } from 'node:crypto';

import { formatFiles } from '../render/format-files.js';
import type { Answers } from '../answers/answers.js';
import type { RenderedFiles } from '../render/render.js';
import { ANSWERS_FILE, checkAnswers, parseAnswersJson, type AnswersFromFile } from '../answers/answers-file.js';


/** Relative path -> short content hash of each file the generator rendered, in path order. */
export type Manifest = Record<string, string>;

/**
 * The answers file as read from a project.
 *
 * - `answers` (top level) are the owner's current choices: `update` renders them.
 * - `generatorVersion` is the version that last rendered the project.
 * - `generated` records what that version rendered: the answers it used and a hash per file.
 *   Projects made before the record existed have none.
 */
export interface ProjectRecord {
  answers: Answers;
  generatorVersion: string;
  generated?: RecordedGeneration;
}

/** What the recorded version rendered: its answers (read, and exactly as it wrote them) and a hash per file. */
export interface RecordedGeneration {
  answers: Answers;
  /** Handed back to that version to render its base: a later version's reading may add defaults it does not know. */
  answersAsWritten: Record<string, unknown>;
  files: Manifest;
}

/** A project the lifecycle commands cannot work on; the commands print the message and exit 2. */
export class LifecycleError extends Error {
  override name = 'LifecycleError';
}

/**
 * A short, stable fingerprint of a file's content: the first 16 hex digits of its SHA-256.
 * It only has to tell an owner's edit from the generator's text, not resist an attacker.
 */
export function hashContent(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex').slice(0, 16);
}

/**
 * The manifest of a rendering: a hash per file, keyed in path order. Pure and deterministic.
 * The answers file is left out: it will carry this manifest, so it cannot carry its own hash.
 */
export function manifestOf(files: RenderedFiles): Manifest {
  const manifest: Manifest = {};
  for (const path of [...files.keys()].sort()) {
    if (path !== ANSWERS_FILE) manifest[path] = hashContent(files.get(path) ?? '');
  }
  return manifest;
}

/**
 * Completes a rendering with its record: the rendered answers file gains a `generated` block with
 * the answers it was rendered from and the manifest of the other files. This is what `generate`
 * and `update` write, so a fresh project and an updated one are the same bytes.
 */
export function recordGeneration(files: RenderedFiles): RenderedFiles {
  const rendered = files.get(ANSWERS_FILE);
  if (rendered === undefined) throw new Error(`the templates must render ${ANSWERS_FILE}`);
  const { generatorVersion, ...answers } = JSON.parse(rendered) as Record<string, unknown>;
  const content = { ...answers, generatorVersion, generated: { answers, files: manifestOf(files) } };
  // In the project formatter's layout too, like every other file.
  return formatFiles(new Map(files).set(ANSWERS_FILE, `${JSON.stringify(content, null, 2)}\n`));
}

/** Reads the text of an answers file; every problem is a LifecycleError naming the file. */
export function parseRecord(text: string): ProjectRecord {
  let value: Record<string, unknown>;
  try {
    value = parseAnswersJson(text);
  } catch (error) {
    throw new LifecycleError(`${ANSWERS_FILE}: ${(error as Error).message}`);
  }
  const { generatorVersion, generated, ...answers } = value;
  if (typeof generatorVersion !== 'string' || generatorVersion === '') {
    throw new LifecycleError(`${ANSWERS_FILE} has no "generatorVersion": it records the version that generated the project`);
  }
  // It names a package to fetch and a cache folder: only a plain version may pass.
  if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.test(generatorVersion)) {
    throw new LifecycleError(`${ANSWERS_FILE}: "generatorVersion" must be a version such as 1.2.0: ${generatorVersion}`);
  }
  const record: ProjectRecord = { answers: parseAnswers(answers, ''), generatorVersion };
  if (generated !== undefined) record.generated = parseGenerated(generated);
  return record;
}

function parseGenerated(value: unknown): RecordedGeneration {
  if (!isObject(value) || !isObject(value.files)) {
    throw new LifecycleError(`${ANSWERS_FILE}: "generated" must hold "answers" and "files" (it is written by the generator; restore it from git)`);
  }
  const files: Manifest = {};
  for (const [path, hash] of Object.entries(value.files)) {
    if (typeof hash !== 'string') throw new LifecycleError(`${ANSWERS_FILE}: "generated.files" has no hash for ${path}`);
    files[path] = hash;
  }
  // parseAnswers refuses anything but an object, naming the key.
  const answers = parseAnswers(value.answers, 'generated.answers.');
  return { answers, answersAsWritten: value.answers as Record<string, unknown>, files };
}

/**
 * Checks the answers with the same rules as `--answers` and the command line (entity, ports,
 * fields), so `status` and `update` read them the way `create-item-service` asks for them.
 * A recorded project always has both ports.
 */
function parseAnswers(value: unknown, prefix: string): Answers {
  const where = prefix === '' ? '' : `"${prefix.replace(/\.$/, '')}": `;
  let answers: AnswersFromFile;
  try {
    // A project's answers: its generator version is recorded beside them, not among them.
    answers = checkAnswers(value, { recorded: true });
  } catch (error) {
    throw new LifecycleError(`${ANSWERS_FILE}: ${where}${(error as Error).message}`);
  }
  const { port, managementPort } = answers;
  if (port === undefined || managementPort === undefined) {
    throw new LifecycleError(`${ANSWERS_FILE}: ${where}needs "port" and "managementPort", the ports the project was generated with`);
  }
  return { ...answers, port, managementPort };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
