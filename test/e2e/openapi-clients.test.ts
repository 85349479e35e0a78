/**
 * Clients generated from the examples' documents with no custom serializer (openapi-typescript +
 * openapi-fetch, and @hey-api/openapi-ts with its fetch client) type-check in strict TypeScript
 * and can use every filter, sort and paging parameter the running service accepts: each list
 * case answers as the same query written by hand does, and a walk along Link rel="next" sees
 * every row once.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import jwt from 'jsonwebtoken';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

import { example, linkRootModules, root, tempDir } from '../support/helpers.js';
import { type Json, listCases, listParameters, queryString, type Row } from './openapi-clients/cases.js';
import { CONSUMERS, consumerDir, generateClient, runProgram, typeCheck, writeProgram } from './openapi-clients/consumers.js';
import { SERVICE_JWT_SECRET, SERVICE_PASSWORD, SERVICE_USERNAME, startService } from '../support/openapi-tools.js';

const ROWS = 12;
const EXAMPLES = [
  { dir: example, entity: 'product' },
  { dir: join(root, 'examples/book-service'), entity: 'book' },
];

for (const { dir, entity } of EXAMPLES) {
  const test = suite(`generated clients of the ${entity} example`);

  test('openapi-fetch and hey-api type-check and send every list parameter as the service reads it', async () => {
    linkRootModules(dir);
    const service = await startService(dir, '', 'writes', { DATA_DIR: 'memory://' });
    try {
      const api = service.api;
      const token = await (
        await fetch(`${api}/api/auth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: SERVICE_USERNAME, password: SERVICE_PASSWORD }),
        })
      ).json();
      // The rows: the example's own numbered test bodies, valid and varied.
      const { numbered } = (await import(join(dir, 'test/support/factory.ts'))) as { numbered: (n: number) => Record<string, unknown> };
      const document = (await (await fetch(`${api}/openapi.json`)).json()) as Json;
      const listPath = Object.keys(document.paths).find((path) => document.paths[path].get?.operationId?.startsWith('list'))!;
      // Two authors, so that createdBy and updatedBy have two values to filter by: the account, and another subject.
      const accessToken = (token as { accessToken: string }).accessToken;
      const { iat: _issued, sub: _subject, ...claims } = jwt.decode(accessToken) as jwt.JwtPayload;
      const other = jwt.sign({ ...claims, sub: 'editor' }, SERVICE_JWT_SECRET, { algorithm: 'HS256' });
      for (let i = 0; i < ROWS; i++) {
        const created = await fetch(`${api}${listPath}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${i % 2 === 0 ? accessToken : other}` },
          body: JSON.stringify(numbered(i + 1)),
        });
        assert.is(created.status, 201, await created.text());
      }
      const rows = (await (await fetch(`${api}${listPath}?pageSize=100`)).json()) as Row[];
      const cases = listCases(listParameters(document, listPath), rows);
      const expected = new Map<string, { status: number; ids: number[]; total: string | null }>();
      for (const { name, query } of cases) {
        const response = await fetch(`${api}${listPath}?${queryString(query)}`);
        const text = await response.text();
        assert.is(response.status, 200, `${name}: ${queryString(query)} answers ${text}`);
        const ids = (JSON.parse(text) as { id: number }[]).map((row) => row.id);
        assert.ok(ids.length > 0, `${name}: ${queryString(query)} finds rows`);
        expected.set(name, { status: 200, ids, total: response.headers.get('x-total-count') });
      }
      const sortKeys = listParameters(document, listPath).find((parameter) => parameter.name === 'sort')!.schema.items.enum as string[];
      const sortKey = sortKeys.find((key) => key.startsWith('-'))!;
      const walk = { sort: [sortKey], pageSize: 5 };
      const walkExpected = ((await (await fetch(`${api}${listPath}?sort=${sortKey}&pageSize=100`)).json()) as { id: number }[]).map((row) => row.id);

      const work = tempDir('openapi-clients-');
      const documentFile = join(work, 'openapi.json');
      writeFileSync(documentFile, JSON.stringify(document));
      for (const consumer of CONSUMERS) {
        const consumerFolder = consumerDir(work, consumer);
        generateClient(consumer, documentFile, consumerFolder);
        writeProgram(consumer, consumerFolder, listPath, document.paths[listPath].get.operationId, cases, walk);
        const problems = typeCheck(consumerFolder);
        assert.is(problems, undefined, `${consumer}: tsc\n${problems}`);
        const output = runProgram(consumerFolder, api);
        for (const { name } of cases) assert.equal(output.cases[name], expected.get(name), `${consumer}: ${name}`);
        assert.equal(output.walked, walkExpected, `${consumer}: the walk along Link`);
        assert.is(output.walked.length, ROWS);
      }
    } finally {
      await service.stop();
    }
  });

  test.run();
}
