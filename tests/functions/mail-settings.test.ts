// The mail settings (server/settings.ts): parsed once, validated, never echoing a password, and a
// malformed one stops `npm start` naming the variable.
import { describe, expect, it } from 'vitest';
import {
  SettingError,
  mailFrom,
  mailRate,
  mailRetrySeconds,
  messageRetentionDays,
  ownerEmail,
  settingProblems,
  smtpSettings,
} from '../../server/settings.ts';
import { failedStart } from '../support/server.ts';

describe('mail settings', () => {
  it('reads smtp:// and smtps:// URLs with URL-encoded credentials and the usual default ports', () => {
    expect(smtpSettings({ SMTP_URL: 'smtp://user%40x.org:p%40ss%3Aw@mail.example.org:2525' })).toEqual({
      host: 'mail.example.org',
      port: 2525,
      secure: false,
      auth: { user: 'user@x.org', pass: 'p@ss:w' },
      display: 'smtp://user%40x.org@mail.example.org:2525',
    });
    expect(smtpSettings({ SMTP_URL: 'smtps://u:p@smtp.example.org' })).toMatchObject({ port: 465, secure: true });
    expect(smtpSettings({ SMTP_URL: 'smtp://relay.internal' })).toEqual({
      host: 'relay.internal',
      port: 587,
      secure: false,
      display: 'smtp://relay.internal',
    });
    expect(smtpSettings({})).toBeNull();
    expect(smtpSettings({ SMTP_URL: '  ' })).toBeNull();
  });

  it('refuses other schemes, paths and non-URLs without repeating the password', () => {
    for (const value of [
      'http://u:hunter2secret@mail.example.org',
      'smtp://u:hunter2secret@mail.example.org/path',
      'smtp://u:hunter2secret@mail.example.org?pool=true',
      'u:hunter2secret@mail.example.org',
    ]) {
      let error: unknown;
      try {
        smtpSettings({ SMTP_URL: value });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(SettingError);
      expect((error as Error).message).toMatch(/^SMTP_URL must be/);
      expect((error as Error).message).not.toContain('hunter2secret');
    }
  });

  it('requires MAIL_FROM with SMTP_URL, and reads "Name <address>" or a bare address', () => {
    expect(() => mailFrom({ SMTP_URL: 'smtp://relay.internal' })).toThrow(/^MAIL_FROM is required/);
    expect(mailFrom({})).toBeNull();
    expect(mailFrom({ MAIL_FROM: 'Rooted Threads <hello@example.org>' })).toEqual({
      name: 'Rooted Threads',
      address: 'hello@example.org',
    });
    expect(mailFrom({ MAIL_FROM: '"Rooted Threads" <hello@example.org>' })).toEqual({
      name: 'Rooted Threads',
      address: 'hello@example.org',
    });
    expect(mailFrom({ MAIL_FROM: 'hello@example.org' })).toEqual({ name: '', address: 'hello@example.org' });
    for (const bad of ['Rooted Threads', 'a@b.org, c@d.org', 'X <a@b.org>\r\nBcc: c@d.org', '<>']) {
      expect(() => mailFrom({ MAIL_FROM: bad })).toThrow(/^MAIL_FROM must be an address/);
    }
  });

  it('reads OWNER_EMAIL as one address, and the retry and retention numbers within their ranges', () => {
    expect(ownerEmail({ OWNER_EMAIL: ' owner@example.org ' })).toBe('owner@example.org');
    expect(ownerEmail({})).toBeNull();
    expect(() => ownerEmail({ OWNER_EMAIL: 'a@b.org,c@d.org' })).toThrow(/^OWNER_EMAIL must be one/);
    expect(messageRetentionDays({})).toBe(730);
    expect(messageRetentionDays({ MESSAGE_RETENTION_DAYS: '30' })).toBe(30);
    expect(mailRetrySeconds({})).toBe(60);
    for (const bad of ['0', '-1', '1.5', 'two years', '3651']) {
      expect(() => messageRetentionDays({ MESSAGE_RETENTION_DAYS: bad })).toThrow(/^MESSAGE_RETENTION_DAYS must be/);
    }
    expect(() => mailRetrySeconds({ MAIL_RETRY_SECONDS: '0' })).toThrow(/^MAIL_RETRY_SECONDS must be/);
    expect(settingProblems({ SMTP_URL: 'smtp://relay.internal', OWNER_EMAIL: 'nope' })).toEqual([
      'MAIL_FROM is required when SMTP_URL is set',
      'OWNER_EMAIL must be one e-mail address, not "nope"',
    ]);
  });

  it('reads MAIL_RATE as e-mails a second (default 10), refusing anything else by name', () => {
    expect(mailRate({})).toBe(10);
    expect(mailRate({ MAIL_RATE: '2' })).toBe(2);
    expect(mailRate({ MAIL_RATE: '0.5' })).toBe(0.5);
    for (const bad of ['0', '-1', 'fast', '1e3', '1001', '0.05']) {
      expect(() => mailRate({ MAIL_RATE: bad })).toThrow(/^MAIL_RATE must be/);
    }
    expect(settingProblems({ MAIL_RATE: 'fast' })).toEqual([
      'MAIL_RATE must be messages per second from 0.1 to 1000, not "fast"',
    ]);
  });

  it('npm start refuses a malformed SMTP_URL, naming it and not its password', async () => {
    const { code, output } = await failedStart({ SMTP_URL: 'smtp://u:hunter2secret@mail.example.org/x' });
    expect(code).toBe(1);
    expect(output).toContain('Rooted Threads will not start: SMTP_URL must be');
    expect(output).not.toContain('hunter2secret');
  });
});
