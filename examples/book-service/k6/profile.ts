import type { Options } from 'k6/options';

// Plain data and functions without k6 runtime imports, so the Node tests can import this file.

/** Seed load profile: ramp to 20 virtual users over 30 s, hold for 1 min, ramp down over 30 s. */
export const stages = [
  { duration: '30s', target: 20 },
  { duration: '1m', target: 20 },
  { duration: '30s', target: 0 },
];

/** Pause between iterations of one virtual user, in seconds. */
export const THINK_TIME_SECONDS = 1;

/**
 * Options for a script whose requests and checks carry the tag `name: <requestName>`:
 * every check must pass and the 95th percentile of those requests must stay under p95Ms.
 */
export function loadProfile(requestName: string, p95Ms: number): Options {
  return {
    stages,
    thresholds: {
      [`http_req_duration{name:${requestName}}`]: [`p(95)<${p95Ms}`],
      [`checks{name:${requestName}}`]: ['rate==1'],
    },
  };
}

/** The service under test, from BASE_URL (default http://localhost:8080), without a trailing slash. */
export function baseUrl(): string {
  return (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
}

export interface TokenRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/**
 * The request setup() sends for a bearer token: the built-in account from AUTH_USERNAME
 * (default admin) and AUTH_PASSWORD. Undefined without AUTH_PASSWORD, for AUTH_MODE=off.
 */
export function tokenRequest(env: Record<string, string | undefined>, base: string): TokenRequest | undefined {
  if (!env.AUTH_PASSWORD) return undefined;
  return {
    url: `${base}/api/auth/token`,
    body: JSON.stringify({ username: env.AUTH_USERNAME || 'admin', password: env.AUTH_PASSWORD }),
    headers: { 'Content-Type': 'application/json' },
  };
}
