import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import type { Output } from '../../src/lifecycle/project.js';
import { readStatus } from '../../src/lifecycle/status-command.js';
import { updateCommand } from '../../src/lifecycle/update-command.js';
import { tempDir } from '../support/helpers.js';
import { generated, previousRelease, product, productOfPrevious, writeTree } from '../support/lifecycle-fixtures.js';

/**
 * A checkout with CRLF line ends (git's core.autocrlf on Windows): line ends alone are no edit,
 * an unedited file takes the new rendering with the owner's line ends, and an owner edit merges
 * cleanly instead of turning the whole file into one conflict.
 */
const release = previousRelease();
const crlf = (text: string) => text.replaceAll('\n', '\r\n');
const lines: string[] = [];
const output: Output = { log: (line) => lines.push(line), error: (line) => lines.push(line) };

function crlfProject(): string {
  const dir = tempDir();
  const files = release.generate(product);
  writeTree(dir, new Map([...files].map(([path, content]) => [path, path === 'create-item-service.json' ? content : crlf(content)])));
  return dir;
}

test('status: CRLF line ends alone are no edit', () => {
  const status = readStatus(crlfProject());
  assert.equal(status.files.filter((file) => file.state === 'edited'), []);
});

test('update keeps CRLF, takes the release into unedited files and merges an owner edit without a conflict', () => {
  const dir = crlfProject();
  const readme = join(dir, 'README.md');
  writeFileSync(readme, `Owner's note.\r\n${readFileSync(readme, 'utf8')}`);
  lines.length = 0;
  assert.is(updateCommand(dir, { from: release.dir }, output), 0, lines.join('\n'));

  const fresh = generated(productOfPrevious);
  assert.is(readFileSync(join(dir, 'src/app.ts'), 'utf8'), crlf(fresh.get('src/app.ts') ?? ''), 'the release, with CRLF');
  assert.is(readFileSync(readme, 'utf8'), crlf(`Owner's note.\n${fresh.get('README.md')}`), 'the owner line and the release, with CRLF');
  assert.not.match(lines.join('\n'), /conflict/);
});

test.run();
