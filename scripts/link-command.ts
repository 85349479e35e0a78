/**
 * `npm ci` in a clone runs this (the package's `prepare`): it links the generator's own command
 * into the clone's `node_modules/.bin`, as npm links a dependency's. npm looks for a command there
 * from every folder below the clone, so in a project generated inside it (the README's command 1)
 * `npx create-item-service status` runs this clone's generator before the package is published.
 */
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const nodeModules = fileURLToPath(new URL('../node_modules/', import.meta.url));
// A copy of the sources that borrows another install's node_modules (a release built by the tests) leaves it alone.
if (existsSync(nodeModules) && !lstatSync(nodeModules.replace(/\/$/, '')).isSymbolicLink()) {
  mkdirSync(`${nodeModules}.bin`, { recursive: true });
  rmSync(`${nodeModules}.bin/create-item-service`, { force: true });
  // Relative, as npm writes its own links: it holds wherever the clone is.
  symlinkSync('../../bin/create-item-service.js', `${nodeModules}.bin/create-item-service`);
}
