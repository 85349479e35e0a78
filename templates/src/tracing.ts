import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { KnexInstrumentation } from '@opentelemetry/instrumentation-knex';
import { KoaInstrumentation, KoaLayerType } from '@opentelemetry/instrumentation-koa';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { register } from 'import-in-the-middle/register-hooks.mjs';

import { logTraceIds } from './http/request-log.js';
import { SERVICE_NAME } from './service-name.js';

// The instrumentations patch modules as require() loads them, which covers http, knex and pg. The
// service imports koa as an ES module, so this hook hands koa to them too; only koa, as wrapping
// every module would slow the start and each import. It runs in this thread (module.registerHooks):
// module.register(), the loader thread, is deprecated from Node.js 26 on (DEP0205).
register({ include: ['koa'] });

process.env.OTEL_SERVICE_NAME ??= SERVICE_NAME;
// Traces only: /metrics already serves the metrics, and the log goes to stdout.
process.env.OTEL_METRICS_EXPORTER ??= 'none';
process.env.OTEL_LOGS_EXPORTER ??= 'none';

const sdk = new NodeSDK({
  traceExporter: new OTLPTraceExporter(),
  instrumentations: [
    // Probes and scrapes of the management port every few seconds are not worth a trace each.
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => /^\/(health|metrics)\b/.test(request.url ?? '') }),
    // One span per matched route, none per middleware: those would outnumber the useful ones.
    new KoaInstrumentation({ ignoreLayersType: [KoaLayerType.MIDDLEWARE] }),
    new PgInstrumentation(),
    new KnexInstrumentation(),
  ],
});
sdk.start();
logTraceIds(() => trace.getActiveSpan()?.spanContext().traceId);

/** Sends the spans still buffered; call before the process exits. */
export function stopTracing(): Promise<void> {
  return sdk.shutdown();
}
