/**
 * Loaded with `node --import` before @hey-api/openapi-ts: it resolves `typescript` to the
 * TypeScript 5.9 of tools/openapi-types. The generator needs TypeScript's JavaScript compiler API,
 * which the root's TypeScript 7 (native) does not have, yet npm hoists it next to TypeScript 7
 * because its peer range (>=5.5.3 || >=6.0.0) admits 7.
 */
import { registerHooks } from 'node:module';

const typescript5 = new URL('../../../tools/openapi-types/node_modules/typescript/lib/typescript.js', import.meta.url).href;

registerHooks({
  resolve: (specifier, context, nextResolve) => (specifier === 'typescript' ? { url: typescript5, shortCircuit: true } : nextResolve(specifier, context)),
});
