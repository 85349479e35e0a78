import type { Answers } from '../answers/answers.js';
import { DEFAULT_PORTS } from '../answers/answers.js';
import { fieldFlag } from '../fields/flag.js';
import { entityNames } from '../names/entity-names.js';
import { shellWord } from './generator-command.js';

/**
 * The one-line command that gives the same project without a question: what the prompts were
 * answered with, as flags (the fields as `--field`, or the `--answers` file they came from).
 *
 *   create-item-service Book --field title:string:required --field 'isbn:string:pattern=^[0-9-]{10,17}$' --yes
 */
export function equivalentCommand(
  answers: Answers,
  { command, out, answersFile, git = true }: { command: string; out?: string; answersFile?: string; git?: boolean },
): string {
  const words = [entityNames(answers.entity, answers.plural).className];
  if (answers.plural !== undefined) words.push('--plural', answers.plural);
  if (answersFile !== undefined) words.push('--answers', answersFile);
  if (answers.port !== DEFAULT_PORTS.port) words.push('--port', String(answers.port));
  if (answers.managementPort !== DEFAULT_PORTS.managementPort) words.push('--management-port', String(answers.managementPort));
  if (answersFile === undefined) for (const field of answers.fields ?? []) words.push('--field', fieldFlag(field));
  if (answersFile === undefined && answers.softDelete) words.push('--soft-delete');
  if (answersFile === undefined && answers.tenantClaim !== undefined) words.push('--tenant-claim', answers.tenantClaim);
  if (answersFile === undefined && answers.events !== undefined) words.push('--events', answers.events);
  if (out !== undefined) words.push('--out', out);
  if (!git) words.push('--no-git');
  return [command, ...words.map(shellWord), '--yes'].join(' ');
}
