import { purgeDeletedBooks } from '../book/book.repository.js';
import { deletedRetentionDays, loadDotEnv } from '../config.js';
import { fail, withDatabase } from './command-line.js';

// `npm run db:purge`: removes for good the deleted books past DELETED_RETENTION_DAYS, as
// the service itself does every PURGE_INTERVAL_SECONDS.
// `npm run db:purge -- --all`: every deleted book, restorable or not: what turning soft delete
// off needs first (its migration refuses while deleted rows exist).
const args = process.argv.slice(2);
if (args.length > 1 || (args.length === 1 && args[0] !== '--all')) fail(`usage: npm run db:purge [-- --all], got "${args.join(' ')}"`);
const all = args[0] === '--all';

loadDotEnv();
let days = 0;
try {
  days = deletedRetentionDays(process.env);
} catch (error) {
  fail(`Invalid configuration: ${(error as Error).message}`);
}
await withDatabase(async (db, logger) => {
  const purged = await purgeDeletedBooks(all ? undefined : new Date(Date.now() - days * 86_400_000));
  const which = all ? 'every deleted book' : `the deleted books older than ${days} days`;
  logger.info({ purged, database: db.kind }, `purged ${purged} books: ${which}`);
});
