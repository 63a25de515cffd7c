import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

const socket = { incoming: { socket: { remoteAddress: '10.1.2.3' } } };

describe('clientIp', () => {
  it('uses the socket address and ignores X-Forwarded-For by default', () => {
    expect(clientIp(socket, '198.51.100.1', {})).toBe('10.1.2.3');
    expect(clientIp(undefined, undefined, {})).toBe('unknown');
  });
  it('takes the address the trusted proxy appended when TRUST_PROXY=1', () => {
    expect(clientIp(socket, 'spoofed, 198.51.100.1', { TRUST_PROXY: '1' })).toBe('198.51.100.1');
    expect(clientIp(socket, ' , ', { TRUST_PROXY: '1' })).toBe('10.1.2.3');
    expect(clientIp(socket, undefined, { TRUST_PROXY: '1' })).toBe('10.1.2.3');
  });
});
