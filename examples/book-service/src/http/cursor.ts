import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Config } from '../config.js';

/** HMAC-SHA256: the first bytes of every cursor. */
const MAC_BYTES = 32;

/** The key that signs list cursors; the same on every replica that shares CURSOR_SECRET or JWT_SECRET. */
export type CursorKey = Buffer;

/**
 * CURSOR_SECRET when set, else a key derived from JWT_SECRET (HKDF, its own label, so a cursor's
 * signature can never pass for a token's). Without either (AUTH_MODE=off, or tokens verified with
 * JWT_JWKS_URI) a random key: cursors then hold only on the process that made them, and a client
 * sent to another replica or served after a restart gets a 400 and starts again from the first page.
 */
export function cursorKey(config: Pick<Config, 'cursorSecret' | 'auth'>): CursorKey {
  const secret =
    config.cursorSecret ?? (config.auth.mode !== 'off' && config.auth.keys.kind === 'secret' ? config.auth.keys.secret : undefined);
  if (secret === undefined) return randomBytes(MAC_BYTES);
  return Buffer.from(hkdfSync('sha256', secret, '', 'list cursor', MAC_BYTES));
}

function mac(key: CursorKey, payload: Buffer): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

/** `value` as an opaque base64url string: its signature, then its JSON. */
export function signCursor(key: CursorKey, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value));
  return Buffer.concat([mac(key, payload), payload]).toString('base64url');
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The value signCursor signed with this key; undefined for anything else (malformed, or any character changed). */
export function readCursor(key: CursorKey, cursor: string): unknown {
  if (!BASE64URL.test(cursor)) return undefined;
  const bytes = Buffer.from(cursor, 'base64url');
  // base64url has several spellings of the same bytes (the last character's spare bits): only the one we wrote counts.
  if (bytes.length <= MAC_BYTES || bytes.toString('base64url') !== cursor) return undefined;
  const payload = bytes.subarray(MAC_BYTES);
  if (!timingSafeEqual(bytes.subarray(0, MAC_BYTES), mac(key, payload))) return undefined;
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}
