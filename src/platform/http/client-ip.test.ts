import { describe, expect, it } from 'vitest';
import { behindProxy, clientIp, fromThisMachine, isLoopbackAddress, proxyTrust, type NodeBindings } from './client-ip';

const peer = (remoteAddress: string): NodeBindings => ({ incoming: { socket: { remoteAddress } } });
const socket = peer('10.1.2.3');
const ip = (bindings: NodeBindings | undefined, forwardedFor: string | undefined, TRUST_PROXY?: string): string =>
  clientIp(bindings, forwardedFor, proxyTrust(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }));

describe('clientIp', () => {
  it('uses the socket address and ignores X-Forwarded-For by default', () => {
    expect(ip(socket, '198.51.100.1')).toBe('10.1.2.3');
    expect(ip(undefined, undefined)).toBe('unknown');
    for (const off of ['', 'false', 'FALSE', '0']) expect(ip(socket, '198.51.100.1', off), off).toBe('10.1.2.3');
  });

  it('takes the address the one trusted proxy appended when TRUST_PROXY=1', () => {
    expect(ip(socket, 'spoofed, 198.51.100.1', '1')).toBe('198.51.100.1');
    expect(ip(socket, ' , ', '1')).toBe('10.1.2.3');
    expect(ip(socket, undefined, '1')).toBe('10.1.2.3');
  });

  it('counts N proxies from the right, the socket peer being the first (as Express does)', () => {
    // client → CDN edge (203.0.113.50) → load balancer (10.0.0.9) → us; the client wrote "spoofed".
    const chain = 'spoofed, 198.51.100.1, 203.0.113.50';
    expect(ip(peer('10.0.0.9'), chain, '2')).toBe('198.51.100.1');
    expect(ip(peer('10.0.0.9'), chain, '1')).toBe('203.0.113.50');
    expect(ip(peer('10.0.0.9'), chain, '3')).toBe('spoofed');
    // Fewer hops than proxies: the furthest address there is, as Express answers.
    expect(ip(peer('10.0.0.9'), '198.51.100.1', '2')).toBe('198.51.100.1');
    expect(ip(peer('10.0.0.9'), undefined, '2')).toBe('10.0.0.9');
    // Under app.request() there is no socket; counting does not need one.
    expect(ip(undefined, chain, '2')).toBe('198.51.100.1');
  });

  it('walks X-Forwarded-For from the right past the listed proxies to the first address that is not one', () => {
    const list = '10.0.0.0/8, 203.0.113.50, 2001:db8::/32';
    expect(ip(peer('10.0.0.9'), 'spoofed, 198.51.100.1, 203.0.113.50, 10.2.2.2', list)).toBe('198.51.100.1');
    expect(ip(peer('10.0.0.9'), '198.51.100.1, 2001:db8::7', list)).toBe('198.51.100.1');
    expect(ip(peer('::ffff:10.0.0.9'), '198.51.100.1', list)).toBe('198.51.100.1');
    // A client writing one of our proxies' addresses further left gains nothing: the walk stops first.
    expect(ip(peer('10.0.0.9'), '10.9.9.9, 198.51.100.1', list)).toBe('198.51.100.1');
    // A peer that is not one of our proxies sent the request itself: its header is not believed.
    expect(ip(peer('192.0.2.77'), '198.51.100.1', list)).toBe('192.0.2.77');
    expect(ip(undefined, '198.51.100.1', list)).toBe('unknown');
    // Every hop ours: the furthest.
    expect(ip(peer('10.0.0.9'), '10.3.3.3', list)).toBe('10.3.3.3');
  });
});

describe('proxyTrust', () => {
  it('refuses a value that is neither a count nor addresses, naming it', () => {
    for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.example', '1,', '2001:db8::/129', '-1']) {
      expect(() => proxyTrust({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be the number of proxies .* is neither/);
    }
  });

  it('says whether a proxy stands in front', () => {
    expect(behindProxy(proxyTrust({}))).toBe(false);
    expect(behindProxy(proxyTrust({ TRUST_PROXY: '0' }))).toBe(false);
    expect(behindProxy(proxyTrust({ TRUST_PROXY: '1' }))).toBe(true);
    expect(behindProxy(proxyTrust({ TRUST_PROXY: '127.0.0.1' }))).toBe(true);
  });
});

describe('isLoopbackAddress', () => {
  it('is 127.0.0.0/8 and ::1, also IPv4-mapped, and nothing else', () => {
    for (const local of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) expect(isLoopbackAddress(local), local).toBe(true);
    for (const other of ['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '2001:db8::1', 'localhost', 'unknown', '', undefined]) {
      expect(isLoopbackAddress(other), String(other)).toBe(false);
    }
  });
});

describe('fromThisMachine', () => {
  const local = peer('127.0.0.1');
  it('is a loopback socket with only loopback addresses forwarded', () => {
    expect(fromThisMachine(local, undefined)).toBe(true);
    expect(fromThisMachine(peer('::ffff:127.0.0.1'), '127.0.0.1')).toBe(true);
  });

  it('is not a request a proxy on this machine passed on, nor one from elsewhere, whatever it claims', () => {
    expect(fromThisMachine(local, '198.51.100.1')).toBe(false);
    expect(fromThisMachine(local, '127.0.0.1, 198.51.100.1')).toBe(false);
    expect(fromThisMachine(peer('198.51.100.1'), '127.0.0.1')).toBe(false);
    expect(fromThisMachine(local, 'spoofed')).toBe(false);
    // app.request() without bindings: no socket, so no proof.
    expect(fromThisMachine(undefined, undefined)).toBe(false);
  });
});
