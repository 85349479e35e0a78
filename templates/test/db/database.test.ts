import { test } from 'uvu';
import * as assert from 'uvu/assert';

import { instantText } from '../../src/db/database-values.js';

test('timestamptz text of every precision and offset becomes ISO 8601 in UTC with milliseconds', () => {
  const expected = {
    '2026-01-01 12:00:00+00': '2026-01-01T12:00:00.000Z',
    '2026-01-01 12:00:00.5+00': '2026-01-01T12:00:00.500Z',
    '2026-01-01 12:00:00.12+00': '2026-01-01T12:00:00.120Z',
    '2026-01-01 12:00:00.123456+00': '2026-01-01T12:00:00.123Z',
    '0001-01-01 00:00:00+00': '0001-01-01T00:00:00.000Z',
    '2026-01-01 17:30:00.25+05:30': '2026-01-01T12:00:00.250Z',
    '2025-12-31 21:00:00-03': '2026-01-01T00:00:00.000Z',
  };
  for (const [text, instant] of Object.entries(expected)) assert.is(instantText(text), instant, text);
});

test.run();
