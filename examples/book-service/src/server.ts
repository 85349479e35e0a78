import { loadDotEnv } from './config.js';
import { exitOnStartupFailure } from './startup-error.js';

try {
  loadDotEnv();
  // Tracing patches http, koa, knex and pg, so it starts before the service imports them, and only
  // when an OTLP endpoint is set: otherwise none of its modules is loaded and it costs nothing.
  const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? await import('./tracing.js') : undefined;
  const { main } = await import('./main.js');
  await main(tracing?.stopTracing);
} catch (error) {
  // What main() does not end itself: an unreadable .env, tracing that cannot start.
  exitOnStartupFailure(error, 'start-up', 'stop that process first');
}
