import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import Router from '@koa/router';
import { koaSwagger } from 'koa2-swagger-ui';

import { SERVICE_TITLE } from '../service-name.js';
import { pageSecurityHeaders } from './security.js';

const SPEC_PATH = '/openapi.json';
const UI_PATH = '/swagger';
const ASSET_ROOT = '/swagger-ui';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

// Public name -> file in swagger-ui-dist. koa2-swagger-ui links swagger-ui.min.css,
// which swagger-ui-dist does not ship: the unminified file serves under that name.
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: JS },
  'swagger-ui-standalone-preset.js': { file: 'swagger-ui-standalone-preset.js', type: JS },
  'swagger-ui.css': { file: 'swagger-ui.css', type: CSS },
  'swagger-ui.min.css': { file: 'swagger-ui.css', type: CSS },
  'favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
};

/**
 * A Swagger UI plugin, as the page's script text (koa2-swagger-ui writes `swaggerOptions.plugins`
 * into it as code): the inputs of a list parameter's items look up a component per format
 * (`JsonSchema_string_date-time`) that Swagger UI does not have, and warn in the browser's console
 * for each. These are its plain text input under those names, which is what it falls back to.
 */
const FORMATTED_TEXT_INPUTS = `function FormattedTextInputs(system) {
  const text = (props) => system.React.createElement(system.getComponent('JsonSchema_string'), props);
  return { components: { 'JsonSchema_string_date-time': text, JsonSchema_string_date: text, JsonSchema_string_uuid: text, JsonSchema_string_email: text } };
}`;

// koa2-swagger-ui's template always links Google Fonts; Swagger UI renders fine without them.
const GOOGLE_FONTS_LINK = /<link[^>]+href="https:\/\/fonts\.googleapis\.com[^>]*>\s*/g;
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * Serves the OpenAPI document at /openapi.json and Swagger UI at /swagger, with the UI's
 * assets from swagger-ui-dist under /swagger-ui/<version>/ so the page works offline.
 */
export function createDocsRouter(document: Record<string, unknown>): Router {
  const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const { version } = JSON.parse(readFileSync(join(distDir, 'package.json'), 'utf8')) as { version: string };
  // The version in the path lets browsers cache the assets forever and still get new ones after an upgrade.
  const assetPrefix = `${ASSET_ROOT}/${version}`;

  // koa2-swagger-ui builds its asset URLs as `${swaggerCdnUrl}/${swaggerVersion}/<file>`.
  const swaggerUi = koaSwagger({
    title: `${SERVICE_TITLE} API`,
    routePrefix: false, // serve on whatever route mounts it: its own path test is an unanchored regex
    swaggerCdnUrl: ASSET_ROOT,
    swaggerVersion: version,
    favicon: `${assetPrefix}/favicon-32x32.png`,
    hideTopbar: true,
    // persistAuthorization keeps a pasted token across page reloads (in this browser's localStorage).
    swaggerOptions: { url: SPEC_PATH, validatorUrl: null, persistAuthorization: true, plugins: FORMATTED_TEXT_INPUTS },
  });

  const router = new Router();
  const spec = JSON.stringify(document);

  router.get(SPEC_PATH, (ctx) => {
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = spec;
  });

  let page: { html: string; csp: string } | undefined;
  router.get(UI_PATH, pageSecurityHeaders(), async (ctx, next) => {
    await swaggerUi(ctx, next);
    // The rendered page never changes, so it is prepared once.
    page ??= preparePage(String(ctx.body));
    ctx.set('Content-Security-Policy', page.csp);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page.html;
  });

  const files = new Map<string, Promise<Buffer>>();
  for (const [name, { file, type }] of Object.entries(ASSETS)) {
    router.get(`${assetPrefix}/${name}`, async (ctx) => {
      let content = files.get(file);
      if (!content) {
        content = readFile(join(distDir, file));
        files.set(file, content);
        content.catch(() => files.delete(file)); // retry on the next request rather than caching a failure
      }
      ctx.body = await content;
      ctx.type = type;
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.set('X-Content-Type-Options', 'nosniff');
    });
  }

  return router;
}

// Drops the Google Fonts link and builds a policy that allows only this origin plus the
// template's inline script (by hash). Inline styles stay allowed: the template puts a style
// attribute on its SVG sprite, and CSS cannot run code. The policy also blocks anything a
// future template might load from elsewhere, without the browser touching the network.
function preparePage(rendered: string): { html: string; csp: string } {
  const html = rendered.replace(GOOGLE_FONTS_LINK, '');
  const scriptHashes = [...html.matchAll(INLINE_SCRIPT)].map(
    ([, script]) => `'sha256-${createHash('sha256').update(script ?? '').digest('base64')}'`,
  );
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { html, csp };
}
