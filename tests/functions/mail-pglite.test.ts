import { mailSuite } from './mail-suite.ts';
import { openDb } from '../../server/db/open.ts';
import { migrate } from '../../server/db/migrate.ts';
import { closeDb } from '../../server/db/client.ts';
import { removeDir, migratedDataDir } from '../support/db.ts';

mailSuite('PGlite', async () => {
  const dataDir = await migratedDataDir();
  const db = await openDb({ DATA_DIR: dataDir });
  await migrate(db);
  return {
    db,
    cleanup: async () => {
      await closeDb();
      removeDir(dataDir);
    },
  };
});
