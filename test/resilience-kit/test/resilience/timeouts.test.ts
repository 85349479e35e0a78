import * as assert from 'uvu/assert';
import { suite } from 'uvu';

import { openDatabase } from '../../src/db/database.js';
import { isDatabaseUnavailable } from '../../src/http/errors.js';
import { createLogger } from '../../src/logger.js';
import { testConfig } from '../support/helpers.js';

const logger = createLogger('silent');

const timeouts = suite('database timeouts');

timeouts('pooled connections carry DB_STATEMENT_TIMEOUT_MS; a query over it answers as unavailable', async () => {
  const db = await openDatabase(testConfig({ DB_STATEMENT_TIMEOUT_MS: '300' }), logger);
  try {
    if (db.kind === 'postgres') {
      const { rows } = await db.knex.raw('show statement_timeout');
      assert.is(rows[0].statement_timeout, '300ms');
      const error = await db.knex.raw('select pg_sleep(2)').catch((caught: { code?: string }) => caught);
      assert.is((error as { code?: string }).code, '57014');
      assert.ok(isDatabaseUnavailable(error), 'a cancelled statement maps to 503');
    } else {
      // PGlite runs queries in this process: the setting does not apply and must not break it.
      assert.equal((await db.knex.raw('select 1 as one')).rows, [{ one: 1 }]);
    }
  } finally {
    await db.close();
  }
});

timeouts.run();
