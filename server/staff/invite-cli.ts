// `npm run staff:invite owner@example.com --role owner` (or `npm run staff:invite -- … --role …`):
// invites a colleague from a terminal, the way to the first owner account without the dashboard.
// The invitation mail is queued in the outbox (the running server delivers it) and its link is
// printed here too. `--key-sign-in on` switches ADMIN_KEY sign-in back on (a locked-out owner's
// way back in). Uses the database the server uses: DATABASE_URL, else the embedded one under
// DATA_DIR (stop `npm start` first: one process per embedded database).
import { fileURLToPath } from 'node:url';
import { STAFF_ROLES } from '../../src/shared/staff-api.ts';
import { inviteSchema } from '../../src/shared/staff-schemas.ts';

export interface CliRequest {
  email?: string;
  role?: string;
  keySignIn?: boolean;
}

/** Reads the arguments; npm passes `--role owner` through as the bare word `owner` without `--`. */
export function parseArgs(args: readonly string[]): CliRequest {
  const out: CliRequest = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--role') out.role = args[++i];
    else if (arg.startsWith('--role=')) out.role = arg.slice(7);
    else if (arg === '--key-sign-in') out.keySignIn = args[++i] === 'on';
    else if (arg.includes('@')) out.email = arg;
    else if ((STAFF_ROLES as readonly string[]).includes(arg)) out.role = arg;
  }
  return out;
}

async function main(): Promise<void> {
  const { openDb } = await import('../db/open.ts');
  const { closeDb } = await import('../db/client.ts');
  const { migrate } = await import('../db/migrate.ts');
  const request = parseArgs(process.argv.slice(2));
  const db = await openDb();
  try {
    await migrate(db);
    if (request.keySignIn !== undefined) {
      const { setKeySignIn } = await import('./switches.ts');
      await setKeySignIn(db, request.keySignIn);
      console.log(`staff: key sign-in is ${request.keySignIn ? 'on' : 'off'}.`);
      if (!request.email) return;
    }
    const parsed = inviteSchema.safeParse({ email: request.email, role: request.role ?? 'owner' });
    if (!parsed.success) throw new Error('usage: npm run staff:invite you@example.com --role owner|editor|support');
    const { inviteStaff } = await import('./accounts.ts');
    const result = await inviteStaff(db, parsed.data);
    if (result.kind === 'exists') throw new Error(`${parsed.data.email} already has an active staff account`);
    console.log(
      `staff: ${parsed.data.email} invited as ${parsed.data.role}; the mail is queued. Link:\n${result.link}`,
    );
  } finally {
    await closeDb();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error('staff:invite failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
