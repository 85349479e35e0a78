import { input } from '@inquirer/prompts';

import { entitySpellingProblem, pluralUnknown, singularOf, validateEntity, validatePort, validatePortPair } from '../answers/validate-answers.js';
import { CLEAR_REFUSED } from './prompt-fields.js';

export interface PartialAnswers {
  entity?: string;
  plural?: string;
  port?: number;
  managementPort?: number;
}

/**
 * The entity name, and its plural where the name reads as one (`Lens`): asked in place, with Enter
 * to name the entity again, rather than refused with advice to start over with --plural.
 */
async function askEntity(given: PartialAnswers): Promise<{ entity: string; plural?: string }> {
  let entity = given.entity;
  for (;;) {
    entity ??= (
      await input({
        message: 'Entity name (one record, e.g. OrderLine):',
        // A name that reads as a plural passes here: its plural is asked next.
        validate: (value) => entitySpellingProblem(value) ?? (singularOf(value) !== undefined || (validateEntity(value) ?? true)),
        theme: CLEAR_REFUSED,
      })
    ).trim();
    const singular = singularOf(entity);
    if (singular === undefined || given.plural !== undefined) return given.plural === undefined ? { entity } : { entity, plural: given.plural };
    const named = entity;
    const plural = (
      await input({
        message: `${named} reads as the plural of ${singular}. If one ${named} is one record, its plural (Enter to name the entity again):`,
        validate: (value) => value.trim() === '' || (validateEntity(named, value) ?? true),
        theme: CLEAR_REFUSED,
      })
    ).trim();
    if (plural !== '') return { entity, plural };
    entity = undefined;
  }
}

/** Asks for every answer that is still missing, with the same validators as the flags. */
export async function askMissing(
  given: PartialAnswers,
  defaults: { port: number; managementPort: number },
): Promise<Required<Omit<PartialAnswers, 'plural'>> & { plural?: string }> {
  const named = given.entity === undefined || pluralUnknown(given.entity, given.plural) ? await askEntity(given) : { entity: given.entity as string, plural: given.plural };
  const port =
    given.port ??
    Number(
      await input({
        message: 'Service port:',
        default: String(defaults.port),
        validate: (value) => validatePort(value, 'service port') ?? true,
        theme: CLEAR_REFUSED,
      }),
    );
  const managementPort =
    given.managementPort ??
    Number(
      await input({
        message: 'Management port (health, metrics):',
        default: String(port === defaults.managementPort ? defaults.port : defaults.managementPort),
        // Checked against the service port here, so equal ports are not refused only at the end.
        validate: (value) => validatePort(value, 'management port') ?? validatePortPair(port, Number(value)) ?? true,
        theme: CLEAR_REFUSED,
      }),
    );
  const answers = { entity: named.entity, port, managementPort };
  return named.plural === undefined ? answers : { ...answers, plural: named.plural };
}
