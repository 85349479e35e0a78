import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { askMissing } from '../../src/cli/prompt.js';
import { converse } from '../support/terminal.js';

async function converseMissing(given: Parameters<typeof askMissing>[0], steps: [RegExp, string][]) {
  const { result, screen } = await converse(steps, (streams) => askMissing(given, { port: 8080, managementPort: 8081 }, streams));
  return { answers: result, screen };
}

test('asks only for what is missing and accepts the defaults', async () => {
  const { answers, screen } = await converseMissing({ port: 9000 }, [
    [/Entity name/, 'order line'],
    [/Management port/, ''],
  ]);
  assert.equal(answers, { entity: 'order line', port: 9000, managementPort: 8081 });
  assert.not.match(screen, /Service port/);
});

test('an invalid answer is explained at the prompt and asked again', async () => {
  const { answers, screen } = await converseMissing({ entity: 'Invoice', managementPort: 9001 }, [
    [/Service port/, '70000'],
    // Ctrl-U clears the rejected answer, as a person would before typing again.
    [/must be from 1 to 65535/, '\u00159000'],
  ]);
  assert.match(screen, /service port must be from 1 to 65535: 70000/);
  assert.is(answers.port, 9000);
});

test('a management port equal to the service port is refused at its own prompt', async () => {
  const { answers, screen } = await converseMissing({ entity: 'Invoice' }, [
    [/Service port/, '9000'],
    [/Management port/, '9000'],
    [/must differ/, '\u00159001'],
  ]);
  assert.match(screen, /the service port and the management port must differ \(both are 9000\)/);
  assert.equal(answers, { entity: 'Invoice', port: 9000, managementPort: 9001 });
});

test('the default management port is refused when the service port took its number', async () => {
  const { answers, screen } = await converseMissing({ entity: 'Invoice' }, [
    [/Service port/, '8081'],
    [/Management port/, ''],
    [/must differ/, '\u00158082'],
  ]);
  assert.match(screen, /must differ \(both are 8081\)/);
  assert.equal(answers, { entity: 'Invoice', port: 8081, managementPort: 8082 });
});

test.run();
