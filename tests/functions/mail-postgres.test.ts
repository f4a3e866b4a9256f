import { mailSuite } from './mail-suite.ts';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { closeDb } from '../../server/db/client.ts';
import { createMigratedPgDatabase } from '../support/db.ts';

mailSuite('PostgreSQL (pg)', async () => {
  const temp = await createMigratedPgDatabase();
  const db = await openDb({ DATABASE_URL: temp.url });
  await migrate(db);
  return {
    db,
    cleanup: async () => {
      await closeDb();
      await temp.drop();
    },
  };
});
