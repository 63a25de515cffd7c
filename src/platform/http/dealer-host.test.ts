import { describe, expect, it } from 'vitest';
import { dealerForHost, type HostRules } from './dealer-host';

const rules: HostRules = {
  owners: new Map([
    ['www.alpha.example', 'alpha'],
    ['alpha.example', 'alpha'],
    ['www.beta.example', 'beta'],
  ]),
  dealers: ['alpha', 'beta'],
  localDealer: 'alpha',
};

describe('dealerForHost', () => {
  it("selects a dealer by its url's host or another of its domains, with or without a port, in any case", () => {
    expect(dealerForHost('www.beta.example', rules)).toEqual({ dealer: 'beta', local: false });
    expect(dealerForHost('alpha.example:443', rules)).toEqual({ dealer: 'alpha', local: false });
    expect(dealerForHost('WWW.Beta.Example.', rules)).toEqual({ dealer: 'beta', local: false });
  });

  it('selects <slug>.localhost with or without a port, case-insensitively', () => {
    expect(dealerForHost('beta.localhost:4321', rules)).toEqual({ dealer: 'beta', local: true });
    expect(dealerForHost('BETA.localhost', rules)).toEqual({ dealer: 'beta', local: true });
  });

  it('gives localhost, 127.0.0.1 and [::1] the default dealer', () => {
    for (const host of ['localhost:4321', '127.0.0.1:4321', '[::1]:4321', 'localhost']) {
      expect(dealerForHost(host, rules), host).toEqual({ dealer: 'alpha', local: true });
    }
  });

  it('gives loopback names no dealer behind a proxy: the proxy did not pass the Host on', () => {
    const proxied = { ...rules, localDealer: undefined };
    expect(dealerForHost('127.0.0.1:4321', proxied)).toEqual({ unknown: '127.0.0.1', local: false });
    expect(dealerForHost('www.beta.example', proxied)).toEqual({ dealer: 'beta', local: false });
    expect(dealerForHost('beta.localhost:4321', proxied)).toEqual({ dealer: 'beta', local: true });
  });

  it('names no dealer for any other host, nor for a dealer sub-domain that is not one of its domains', () => {
    for (const host of ['example.com', 'shop.www.alpha.example', 'beta.example', '192.168.1.20:4321', '', undefined]) {
      expect('unknown' in dealerForHost(host, rules), String(host)).toBe(true);
      expect(dealerForHost(host, rules).local, String(host)).toBe(false);
    }
  });

  it('reports an unknown <x>.localhost as a development host', () => {
    expect(dealerForHost('gamma.localhost:4321', rules)).toEqual({ unknown: 'gamma', local: true });
    expect(dealerForHost('a.beta.localhost', rules)).toEqual({ unknown: 'a.beta', local: true });
  });
});
