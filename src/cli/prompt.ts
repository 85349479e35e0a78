import { input } from '@inquirer/prompts';

import { validateEntity, validatePort, validatePortPair } from '../answers/validate-answers.js';

export interface PartialAnswers {
  entity?: string;
  port?: number;
  managementPort?: number;
}

/** Asks for every answer that is still missing, with the same validators as the flags. */
export async function askMissing(given: PartialAnswers, defaults: { port: number; managementPort: number }): Promise<Required<PartialAnswers>> {
  const entity = given.entity ?? (await input({ message: 'Entity name (one record, e.g. OrderLine):', validate: (value) => validateEntity(value) ?? true })).trim();
  const port =
    given.port ??
    Number(await input({ message: 'Service port:', default: String(defaults.port), validate: (value) => validatePort(value, 'service port') ?? true }));
  const managementPort =
    given.managementPort ??
    Number(
      await input({
        message: 'Management port (health, metrics):',
        default: String(defaults.managementPort),
        // Checked against the service port here, so equal ports are not refused only at the end.
        validate: (value) => validatePort(value, 'management port') ?? validatePortPair(port, Number(value)) ?? true,
      }),
    );
  return { entity, port, managementPort };
}
