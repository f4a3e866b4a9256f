// `npm run staff:invite`'s arguments, both as typed after `--` and as npm passes them without it
// (npm takes `--role` for its own option and leaves the bare role word).
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../server/staff/invite-cli.ts';

describe('staff:invite arguments', () => {
  it('reads the address and the role however npm passed them', () => {
    expect(parseArgs(['a@b.example', '--role', 'editor'])).toEqual({ email: 'a@b.example', role: 'editor' });
    expect(parseArgs(['a@b.example', '--role=support'])).toEqual({ email: 'a@b.example', role: 'support' });
    expect(parseArgs(['a@b.example', 'owner'])).toEqual({ email: 'a@b.example', role: 'owner' });
    expect(parseArgs(['--key-sign-in', 'on'])).toEqual({ keySignIn: true });
    expect(parseArgs(['--key-sign-in', 'off'])).toEqual({ keySignIn: false });
  });
});
