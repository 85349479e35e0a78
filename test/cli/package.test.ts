import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { linkRootModules, root, tempDir } from '../support/helpers.js';

/** What `npm pack` puts in the tarball (the build has run: the suite builds first). */
function packedFiles(): string[] {
  const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  assert.is(pack.status, 0, pack.stderr);
  const [report] = JSON.parse(pack.stdout) as { files: { path: string }[] }[];
  return report!.files.map((file) => file.path).sort();
}

test('the published package holds the bin, the compiled CLI and the templates, and no maintainer script', () => {
  const files = packedFiles();
  for (const path of ['bin/create-item-service.js', 'dist/cli/cli.js', 'dist/render/render.js', 'templates/package.json.hbs', 'package.json', 'README.md']) {
    assert.ok(files.includes(path), `${path} is packed`);
  }
  const unwanted = files.filter((path) => /^(scripts|test|examples|src)\//.test(path) || /regenerate-examples/.test(path));
  assert.equal(unwanted, []);
});

test('the packed tarball, unpacked with its dependencies, generates a service', () => {
  const dir = tempDir();
  const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  assert.is(pack.status, 0, pack.stderr);
  const [tarball] = readdirSync(dir);
  assert.match(tarball ?? '', /^create-item-service-\d+\.\d+\.\d+\.tgz$/);
  assert.is(spawnSync('tar', ['-xzf', tarball!], { cwd: dir }).status, 0);
  // The dependencies npx would install from the registry: the root's own install has them.
  linkRootModules(join(dir, 'package'));
  const run = spawnSync(process.execPath, [join(dir, 'package/bin/create-item-service.js'), 'OrderLine', '--yes'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.is(run.status, 0, run.stderr);
  assert.ok(existsSync(join(dir, 'order-line-service/src/order-line/order-line.routes.ts')));
});

test.run();
