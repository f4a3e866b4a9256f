// The settings table (server/settings.ts, SETTINGS) and the README's "Configuration" table are one
// list: the same variables in the same order, read in the same places, and the README's "set but
// malformed" list names exactly the settings that can be malformed, each of which is refused by
// name. A variable added to one and not the other fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { read, settingProblems, SETTINGS, type SettingName } from '../../server/settings.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const configuration = readme.slice(readme.indexOf('## Configuration'));
const section = configuration.slice(0, configuration.indexOf('\n## ', 1));

/** The README table's rows: each backticked variable of the first cell with the row's "where". */
const rows = section
  .split('\n')
  .filter((line) => /^\| `/.test(line))
  .flatMap((line) => {
    const [names, where] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    const places = where!.split(',').map((place) => place.trim().replace(/`/g, ''));
    return [...names!.matchAll(/`([A-Z_]+)`/g)].map((m) => ({ name: m[1]!, where: places }));
  });

const names = Object.keys(SETTINGS) as SettingName[];
const spec = (name: SettingName) => SETTINGS[name] as { where: readonly string[]; read?: unknown; malformed?: string };

describe("the settings table and README's Configuration", () => {
  it('list the same variables in the same order, read in the same places', () => {
    expect(rows.map((row) => row.name)).toEqual(names);
    for (const row of rows)
      expect([row.name, ...spec(row.name as SettingName).where]).toEqual([row.name, ...row.where]);
  });

  it('agree on which variables can be set but malformed', () => {
    const sentence = /set but\s+malformed \(([^)]*)\)/.exec(section.replace(/\n/g, ' '));
    expect(sentence, 'README: "set but malformed (…)"').not.toBeNull();
    const listed = [...sentence![1]!.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]);
    expect(listed).toEqual(names.filter((name) => spec(name).malformed !== undefined));
  });

  it.each(names.filter((name) => spec(name).malformed !== undefined))(
    '%s: its malformed example is refused by name, alone',
    (name) => {
      const problems = settingProblems({ [name]: spec(name).malformed });
      // SMTP_URL's is repeated by MAIL_FROM, which reads it; no other variable is named.
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) expect(problem).toMatch(new RegExp(`^${name}\\b`));
    },
  );

  it('every setting the server reads has a default when unset', () => {
    expect(settingProblems({})).toEqual([]);
    for (const name of names.filter((n) => spec(n).read)) expect(() => read(name, {})).not.toThrow();
  });
});
