import { execFile } from 'node:child_process';
import { appendFile, chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import pg from 'pg';

import { freePort, giveToTools, runTool } from './tools.js';

const run = promisify(execFile);

export interface TlsPostgres {
  /** The CA that signed the server's certificate (for localhost only), and another one that did not. */
  caFile: string;
  otherCaFile: string;
  /** A URL of this server's superuser `postgres` (trusted, no password) at `host`. */
  url(host: string, database?: string, user?: string): string;
  /** Runs statements as the superuser, over TLS. */
  sql(statement: string): Promise<void>;
  /** Stops the server at once and deletes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

/** openssl, quietly; the files land in `dir`. */
async function openssl(dir: string, args: string[]): Promise<void> {
  await run('openssl', args, { cwd: dir });
}

/** A CA, another CA, and a server certificate for DNS:localhost signed by the first. */
async function makeCertificates(dir: string): Promise<void> {
  const selfSigned = (name: string, subject: string) =>
    openssl(dir, [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-subj',
      subject,
    ]);
  await selfSigned('ca', '/CN=Test CA');
  await selfSigned('other-ca', '/CN=Other CA');
  await openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost']);
  await writeFile(join(dir, 'server.ext'), 'subjectAltName = DNS:localhost\n');
  await openssl(dir, [
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.crt',
    '-days',
    '2',
    '-extfile',
    'server.ext',
  ]);
  // PostgreSQL refuses a key others may read.
  await chmod(join(dir, 'server.key'), 0o600);
}

/**
 * A PostgreSQL cluster of the test's own (initdb and pg_ctl from the PostgreSQL binaries), with
 * ssl = on, a certificate for localhost from a CA the test makes with openssl, and a pg_hba.conf
 * that admits TLS connections only (trust, no password), as managed databases require them.
 */
export async function startTlsPostgres(): Promise<TlsPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'tls-postgres-'));
  const data = join(dir, 'data');
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await runTool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await makeCertificates(dir);
    await giveToTools(dir, ...(await readdir(dir)).map((file) => join(dir, file)));
    await runTool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-instructions']);
    await appendFile(
      join(data, 'postgresql.conf'),
      `ssl = on\nssl_cert_file = '${join(dir, 'server.crt')}'\nssl_key_file = '${join(dir, 'server.key')}'\n`,
    );
    await writeFile(
      join(data, 'pg_hba.conf'),
      'local all all trust\nhostssl all all 127.0.0.1/32 trust\nhostssl all all ::1/128 trust\nhostnossl all all all reject\n',
    );
    const port = await freePort();
    await runTool('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=localhost -c fsync=off`,
      'start',
    ]);
    const caFile = join(dir, 'ca.crt');
    const url = (host: string, database = 'postgres', user = 'postgres') => `postgres://${user}@${host}:${port}/${database}`;
    return {
      caFile,
      otherCaFile: join(dir, 'other-ca.crt'),
      url,
      sql: async (statement) => {
        const client = new pg.Client({
          connectionString: `${url('localhost')}?sslmode=verify-full&sslrootcert=${caFile}&uselibpqcompat=true`,
        });
        await client.connect();
        try {
          await client.query(statement);
        } finally {
          await client.end();
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
