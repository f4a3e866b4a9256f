// Client addresses, proxy trust and the names the API answers on (server/client-address.ts,
// server/runtime/trusted-proxy.ts, server/runtime/allowed-hosts.ts, server/runtime/admin-startup.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addressKey, isLoopback, isLoopbackHostname, parseAddress } from '../../server/client-address.ts';
import { clientAddress, parseTrustProxy } from '../../server/runtime/trusted-proxy.ts';
import { hostAllowed } from '../../server/runtime/allowed-hosts.ts';
import { adminStartup } from '../../server/runtime/admin-startup.ts';

describe('parseAddress', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    [' 1.2.3.4 ', '1.2.3.4'],
    ['1.2.3.4:50001', '1.2.3.4'],
    ['2001:DB8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['::1', '::1'],
  ])('%s → %s', (value, expected) => {
    expect(parseAddress(value)).toBe(expected);
  });

  it.each([
    '',
    ' ',
    'unknown',
    '999.1.1.1',
    '1.2.3',
    '1.2.3.4:',
    '1.2.3.4:123456',
    '10.0.0.1, 10.0.0.2',
    'x'.repeat(300),
    'example.com:80',
  ])('refuses %j', (value) => {
    expect(parseAddress(value)).toBeUndefined();
  });

  it('gives net.isIP-valid addresses or nothing, for any text (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 50 })), (value) => {
        const ip = parseAddress(value);
        if (ip !== undefined) expect(parseAddress(ip)).toBe(ip);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('addressKey', () => {
  it('counts IPv6 per /64 for the forms and per /48 for log-ins; a port never makes a new client', () => {
    expect(addressKey('1.2.3.4:50001')).toBe('1.2.3.4');
    expect(addressKey('1.2.3.4:50002')).toBe(addressKey('1.2.3.4'));
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('[2001:db8:1:2::9]:443')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:3:4:5:6', 48)).toBe('2001:db8:1::/48');
    expect(addressKey('2001:db8:1:ffff::1', 48)).toBe(addressKey('2001:db8:1:2::1', 48));
    expect(addressKey('2001:db8:2::1', 48)).not.toBe(addressKey('2001:db8:1::1', 48));
    expect(addressKey('::1.2.3.4', 64)).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('loopback', () => {
  it('knows this machine by address and by name', () => {
    for (const ip of ['127.0.0.1', '127.0.0.2', '127.255.0.9', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopback(ip), ip).toBe(true);
    for (const ip of ['10.0.0.1', '0.0.0.0', '::', '203.0.113.9', '::2', 'localhost', undefined])
      expect(isLoopback(ip), String(ip)).toBe(false);
    for (const name of ['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '[::1]', '::1'])
      expect(isLoopbackHostname(name), name).toBe(true);
    for (const name of ['0.0.0.0', '::', 'rootedthreads.example', 'localhost.evil.example', '192.168.1.5'])
      expect(isLoopbackHostname(name), name).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts nobody when unset or off', () => {
    for (const value of [undefined, '', '0', 'false', 'off']) expect(parseTrustProxy(value)).toBeUndefined();
    expect(clientAddress('203.0.113.9', '198.51.100.1', undefined)).toBe('203.0.113.9');
  });

  it('1 and loopback trust peers on this machine only', () => {
    for (const value of ['1', 'true', 'loopback', ' LOOPBACK ']) {
      const trust = parseTrustProxy(value)!;
      expect(clientAddress('127.0.0.1', '198.51.100.1', trust)).toBe('198.51.100.1');
      expect(clientAddress('::1', '198.51.100.1', trust)).toBe('198.51.100.1');
      // A client that reaches the port directly cannot name its own address.
      expect(clientAddress('203.0.113.9', '198.51.100.1', trust)).toBe('203.0.113.9');
    }
  });

  it('a list of addresses and CIDR blocks', () => {
    const trust = parseTrustProxy('127.0.0.1, 10.1.0.0/16 2001:db8::/32')!;
    expect(clientAddress('127.0.0.1', '198.51.100.1', trust)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.2', '198.51.100.1', trust)).toBe('127.0.0.2');
    expect(clientAddress('10.1.200.3', '198.51.100.1', trust)).toBe('198.51.100.1');
    expect(clientAddress('10.2.0.1', '198.51.100.1', trust)).toBe('10.2.0.1');
    expect(clientAddress('2001:db8:5::1', '198.51.100.1', trust)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1', trust)).toBe('198.51.100.1');
  });

  it('refuses a value that is not an address, a block or loopback', () => {
    for (const value of ['yes please', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.example', '2001:db8::/129'])
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
  });

  it('reads hops from the right, only while the reporter is trusted; strips ports; stops at junk', () => {
    const trust = parseTrustProxy('loopback')!;
    // The forged left part is never reached: the proxy's own hop names an untrusted client.
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.1', trust)).toBe('198.51.100.1');
    // A chain of local proxies.
    expect(clientAddress('127.0.0.1', '198.51.100.1, 127.0.0.1', trust)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', '198.51.100.7:50001', trust)).toBe('198.51.100.7');
    expect(clientAddress('127.0.0.1', '[2001:db8::1]:443', trust)).toBe('2001:db8::1');
    for (const junk of ['unknown', '', ' ', '999.1.1.1', 'x'.repeat(300)])
      expect(clientAddress('127.0.0.1', junk, trust), junk).toBe('127.0.0.1');
    expect(clientAddress(undefined, null, trust)).toBe('0.0.0.0');
  });
});

describe('the Host allow-list', () => {
  const site = 'https://rootedthreads.example';
  it('allows the site, this machine and IP literals; refuses other names', () => {
    for (const host of [
      'rootedthreads.example',
      'ROOTEDTHREADS.example:443',
      'localhost:8888',
      '127.0.0.1:9',
      '[::1]:8888',
      '192.168.1.5:8888',
      '[2001:db8::1]',
    ])
      expect(hostAllowed(host, site), host).toBe(true);
    for (const host of [
      'evil.example',
      'rootedthreads.example.evil.example',
      'www.rootedthreads.example',
      '',
      'a b',
      'user@localhost',
      '_invalid_',
    ])
      expect(hostAllowed(host, site), host).toBe(false);
  });
});

describe('the admin key at start-up', () => {
  const local = { host: '127.0.0.1', siteUrl: 'http://localhost:8888', trustProxy: false };
  it('local demo mode only when nothing but this machine can reach the server', () => {
    expect(adminStartup({ ...local, adminKey: undefined })).toEqual({ ok: true, demo: true });
    expect(adminStartup({ ...local, adminKey: '' })).toEqual({ ok: true, demo: true });
    expect(adminStartup({ ...local, host: '::1', adminKey: '' })).toEqual({ ok: true, demo: true });
    expect(adminStartup({ ...local, host: 'localhost', adminKey: '' })).toEqual({ ok: true, demo: true });
    for (const facts of [
      { ...local, host: '0.0.0.0' },
      { ...local, host: '::' },
      { ...local, host: '192.168.1.5' },
      { ...local, siteUrl: 'https://rootedthreads.example' },
      { ...local, trustProxy: true },
    ]) {
      const result = adminStartup({ ...facts, adminKey: '' });
      expect(result.ok, JSON.stringify(facts)).toBe(false);
      if (!result.ok) {
        expect(result.message).toMatch(/ADMIN_KEY is not set/);
        expect(result.message).toMatch(/openssl rand -base64 32/);
      }
    }
  });

  it('a strong key starts anywhere; a weak one nowhere', () => {
    const strong = 'JAs1c1cLDcX/JuADQ4vQBk+0kzmFZVsVhejhiFOSIds=';
    expect(adminStartup({ ...local, host: '0.0.0.0', adminKey: strong })).toEqual({ ok: true, demo: false });
    const weak = adminStartup({ ...local, adminKey: 'aaaaaaaaaaaaaaaa' });
    expect(weak.ok).toBe(false);
    if (!weak.ok) expect(weak.message).toMatch(/ADMIN_KEY is too weak.*openssl rand -base64 32/);
  });
});
