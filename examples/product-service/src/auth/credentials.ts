import { createHash, timingSafeEqual } from 'node:crypto';

import bcrypt from 'bcryptjs';

import type { Account } from './auth.config.js';

/**
 * True when username and password match the built-in account. Both are always compared, in
 * constant time, so neither the answer nor its timing tells a wrong user from a wrong password.
 */
export async function checkCredentials(account: Account, username: string, password: string): Promise<boolean> {
  const usernameMatches = sameText(username, account.username);
  const passwordMatches =
    account.password.kind === 'bcrypt' ? await bcrypt.compare(password, account.password.hash) : sameText(password, account.password.value);
  return usernameMatches && passwordMatches;
}

// Digests have equal lengths, which timingSafeEqual needs, and hide the secret's length.
function sameText(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
