import { confirm } from '@inquirer/prompts';

import type { Answers } from '../answers/answers.js';
import { entityNames } from '../names/entity-names.js';
import { DEFAULT_FIELDS } from '../fields/field-spec.js';
import { formatFieldsTable } from './fields-table.js';

/**
 * After the prompts, before anything is written: what will be generated, the fields as a table,
 * the one-line command that gives the same without questions, and whether to go ahead (Enter: yes).
 */
export async function confirmGeneration(answers: Answers, outArgument: string, again: string, say: (line: string) => void): Promise<boolean> {
  const names = entityNames(answers.entity, answers.plural);
  say('');
  say(`The ${names.label} service, into ${outArgument}: /api/${names.routeSegment} on port ${answers.port}, health and metrics on ${answers.managementPort}.`);
  say('');
  say(formatFieldsTable(answers.fields ?? DEFAULT_FIELDS));
  say('');
  if (answers.softDelete) say(`Soft delete: a deleted ${names.label} stays restorable until it is purged.`);
  if (answers.tenantClaim !== undefined) say(`Tenants: the token claim ${answers.tenantClaim} names each request's tenant.`);
  if (answers.events !== undefined) say(`Events: every committed change of ${names.labelPlural} is published to NATS JetStream, through an outbox.`);
  if (answers.softDelete || answers.tenantClaim !== undefined || answers.events !== undefined) say('');
  say(`The same without questions: ${again}`);
  say('');
  return confirm({ message: `Write ${outArgument}?`, default: true });
}
