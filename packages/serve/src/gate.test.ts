import { describe, expect, it } from 'vitest';
import { allowedHosts, appBase, checkRequest, createGate } from './gate.js';

const gate = createGate('secret-token', allowedHosts('127.0.0.1', 4000));
const check = (path: string, headers: Record<string, string>, method = 'GET') => checkRequest(gate, { headers, method }, new URL(path, 'http://localhost'));
const base = appBase('secret-token');

describe('appBase', () => {
  it('is /x- and 22 URL-safe characters that differ with the token and do not hold it', () => {
    expect(base).toMatch(/^\/x-[A-Za-z0-9_-]{22}$/);
    expect(appBase('secret-token')).toBe(base);
    expect(appBase('secret-tokeN')).not.toBe(base);
    expect(base).not.toContain('secret');
    expect(gate.base).toBe(base);
  });
});

describe('checkRequest', () => {
  it('lets in the token in the URL on any path, with the cookie bound to the app’s path, and the cookie alone under that path', () => {
    expect(check('/?token=secret-token', { host: '127.0.0.1:4000' })).toEqual({
      allowed: true,
      path: '/',
      setCookie: `xview_token=secret-token; Path=${base}; HttpOnly; SameSite=Strict`,
    });
    expect(check(`${base}/s/x?token=secret-token`, { host: '127.0.0.1:4000' })).toMatchObject({ allowed: true, path: '/s/x' });
    expect(check(`${base}/s/x`, { host: 'localhost:4000', cookie: 'a=b; xview_token=secret-token' })).toEqual({ allowed: true, path: '/s/x' });
    expect(check(base, { host: 'localhost:4000', cookie: 'xview_token=secret-token' })).toEqual({ allowed: true, path: '/' });
  });

  it('refuses the cookie outside the app’s path: another server on 127.0.0.1 is sent none, and one replayed there gets nothing', () => {
    const cookie = 'xview_token=secret-token';
    for (const path of ['/', '/s/x', `${base}x`, `${base}x/s/x`, `/x-${'A'.repeat(22)}/`, `/a${base}/`]) {
      expect(check(path, { host: '127.0.0.1:4000', cookie })).toMatchObject({ allowed: false, status: 403 });
    }
  });

  it('refuses a missing, wrong or longer token', () => {
    const wrong: Record<string, string>[] = [{}, { cookie: 'xview_token=secret-tokeN' }, { cookie: 'xview_token=secret-token2' }, { cookie: 'other=secret-token' }];
    for (const headers of wrong) {
      expect(check('/', { host: '127.0.0.1:4000', ...headers })).toMatchObject({ allowed: false, status: 403 });
    }
    expect(check('/?token=secret', { host: '127.0.0.1:4000' })).toMatchObject({ allowed: false });
  });

  it('refuses another Host (DNS rebinding), another port, another Origin, and methods that could change anything', () => {
    const cookie = 'xview_token=secret-token';
    const home = `${base}/`;
    expect(check(home, { host: 'evil.example:4000', cookie })).toMatchObject({ allowed: false, status: 403 });
    expect(check(home, { host: '127.0.0.1:4001', cookie })).toMatchObject({ allowed: false, status: 403 });
    expect(check(home, { cookie })).toMatchObject({ allowed: false, status: 403 });
    expect(check(home, { host: '127.0.0.1:4000', origin: 'http://evil.example', cookie })).toMatchObject({ allowed: false, status: 403 });
    expect(check(home, { host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4000', cookie })).toEqual({ allowed: true, path: '/' });
    expect(check(home, { host: '127.0.0.1:4000', cookie }, 'POST')).toMatchObject({ allowed: false, status: 400 });
  });

  it('refuses a second Host header and an absolute-form target naming another host', () => {
    const cookie = 'xview_token=secret-token';
    const rawHeaders = ['Host', '127.0.0.1:4000', 'Host', 'evil.example', 'Cookie', cookie];
    const twice = { headers: { host: '127.0.0.1:4000', cookie }, rawHeaders, method: 'GET', url: `${base}/` };
    expect(checkRequest(gate, twice, new URL(`${base}/`, 'http://localhost'))).toMatchObject({ allowed: false, status: 403 });
    const target = 'http://evil.example/?token=secret-token';
    const absolute = { headers: { host: '127.0.0.1:4000' }, rawHeaders: ['Host', '127.0.0.1:4000'], method: 'GET', url: target };
    expect(checkRequest(gate, absolute, new URL(target, 'http://localhost'))).toMatchObject({ allowed: false, status: 403 });
    const own = 'http://127.0.0.1:4000/?token=secret-token';
    expect(checkRequest(gate, { ...absolute, url: own }, new URL(own, 'http://localhost'))).toMatchObject({ allowed: true });
  });

  it('answers to the loopback names and a bound host, IPv6 in brackets', () => {
    expect([...allowedHosts('::1', 80)].sort()).toEqual(['127.0.0.1:80', '[::1]:80', 'localhost:80']);
    expect(allowedHosts('192.168.1.5', 80).has('192.168.1.5:80')).toBe(true);
  });
});
