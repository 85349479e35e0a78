import { pino, type DestinationStream, type Logger } from 'pino';

import type { LogLevel } from './config.js';

export type { Logger };

/**
 * Creates the JSON-lines logger. Pass a destination to capture output (tests);
 * by default it writes to stdout. Errors logged as `{ err }` keep their stack.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'product-service' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Defence in depth: nothing logs these today, but a future `logger.info({ req })` must not leak them.
    redact: {
      paths: ['password', '*.password', 'authorization', '*.authorization', '*.headers.authorization', 'accessToken', '*.accessToken'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
