/**
 * Prints the bcrypt hash of a password, for AUTH_PASSWORD_HASH. The password is read from
 * stdin, never from the command line, where `ps` and the shell history would keep it:
 *
 *   printf '%s' 'the password' | npm run -s hash-password
 */
import { text } from 'node:stream/consumers';

import bcrypt from 'bcryptjs';

const COST = 12;

if (process.stdin.isTTY) process.stderr.write('Type the password, then Enter and Ctrl-D:\n');
const password = (await text(process.stdin)).replace(/\r?\n$/, '');
if (password === '') {
  process.stderr.write("hash-password: no password on stdin; run: printf '%s' 'the password' | npm run -s hash-password\n");
  process.exit(1);
}
process.stdout.write(`${await bcrypt.hash(password, COST)}\n`);
