import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { statusCommand } from '../../src/lifecycle/status-command.js';
import { updateCommand } from '../../src/lifecycle/update-command.js';
import { GENERATOR_VERSION } from '../../src/version.js';
import { tempDir } from '../support/helpers.js';
import { previousRelease, product, replaceInFile, writeTree } from '../support/lifecycle-fixtures.js';
import { collector } from '../support/output.js';

/** After an update that left a conflict, status names the file and is not done until it is resolved. */
const release = previousRelease();

test('status: conflicted until the markers are gone, then up to date', () => {
  const dir = tempDir();
  writeTree(dir, release.generate(product));
  const [[conflicting, released]] = release.appChanges as [[string, string]];
  replaceInFile(dir, 'src/app.ts', `${conflicting}\n`, `${released} // mine\n`);
  assert.is(updateCommand(dir, { from: release.dir }, collector()), 1, 'a conflict is left');

  const json = collector();
  assert.is(statusCommand(dir, { json: true }, json), 1, 'not finished while markers remain');
  const files = (JSON.parse(json.text()) as { files: { path: string; state: string }[] }).files;
  assert.equal(files.filter((file) => file.state === 'conflicted').map((file) => file.path), ['src/app.ts']);
  const table = collector();
  statusCommand(dir, {}, table);
  assert.match(table.text(), /Conflict markers still in src\/app\.ts/);

  // The owner keeps their line.
  const app = join(dir, 'src/app.ts');
  const block = ['<<<<<<< yours', `${released} // mine`, '=======', released, `>>>>>>> create-item-service ${GENERATOR_VERSION}`].join('\n');
  writeFileSync(app, readFileSync(app, 'utf8').replace(block, `${released} // mine`));
  const after = collector();
  assert.is(statusCommand(dir, {}, after), 0, after.text());
  assert.match(after.text(), /src\/app\.ts\s+edited/);
});

test.run();
