import { announcementSuite } from './announcement-suite.ts';
import { handlers } from './admin-targets.ts';
import { neonOnPostgres } from './targets.ts';
import { setDb } from '../../server/db/client.ts';

announcementSuite("the admin functions on Neon's driver (local stand-ins on PostgreSQL)", async () => {
  const { db, cleanup } = await neonOnPostgres();
  return handlers(db, "the admin functions on Neon's driver", async () => {
    setDb(undefined);
    await cleanup();
  });
});
