import inquirer from 'inquirer';

import { validateEntity, validatePort, validatePortPair } from '../answers/validate-answers.js';

export interface PartialAnswers {
  entity?: string;
  port?: number;
  managementPort?: number;
}

export interface PromptStreams {
  input?: NodeJS.ReadableStream;
  output?: NodeJS.WritableStream;
}

/**
 * Asks for every answer that is still missing, with the same validators as the flags.
 * Streams can be passed so tests can drive the prompts.
 */
export async function askMissing(
  given: PartialAnswers,
  defaults: { port: number; managementPort: number },
  streams: PromptStreams = {},
): Promise<Required<PartialAnswers>> {
  const prompt = inquirer.createPromptModule(streams);
  const toResult = (message: string | undefined) => message ?? true;
  const answers = await prompt<{ entity?: string; port?: string; managementPort?: string }>([
    {
      type: 'input',
      name: 'entity',
      message: 'Entity name (one record, e.g. OrderLine):',
      when: given.entity === undefined,
      validate: (value: string) => toResult(validateEntity(value)),
    },
    {
      type: 'input',
      name: 'port',
      message: 'Service port:',
      default: String(defaults.port),
      when: given.port === undefined,
      validate: (value: string) => toResult(validatePort(value, 'service port')),
    },
    {
      type: 'input',
      name: 'managementPort',
      message: 'Management port (health, metrics):',
      default: String(defaults.managementPort),
      when: given.managementPort === undefined,
      // Checked against the service port here, so equal ports are not refused only at the end.
      validate: (value: string, sofar?: { port?: string }) =>
        toResult(
          validatePort(value, 'management port') ??
            validatePortPair(given.port ?? Number(sofar?.port ?? defaults.port), Number(value)),
        ),
    },
  ]);
  return {
    entity: given.entity ?? (answers.entity ?? '').trim(),
    port: given.port ?? Number(answers.port),
    managementPort: given.managementPort ?? Number(answers.managementPort),
  };
}
