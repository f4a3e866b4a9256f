import { mailSuite } from './mail-suite.ts';
import { neonOnPostgres } from './targets.ts';
import { setDb } from '../../server/db/client.ts';

mailSuite("Neon's driver (local stand-ins for its HTTP and WebSocket endpoints on PostgreSQL)", async () => {
  const { db, cleanup } = await neonOnPostgres();
  return {
    db,
    cleanup: async () => {
      setDb(undefined);
      await cleanup();
    },
  };
});
