import { describe, expect, it } from 'vitest';
import { MAX_RETURN_PATH, safeReturnPath } from './return-path';

/** Where a browser on https://dealer.example goes when told to go to `path`. */
const landsOn = (path: string): string => new URL(path, 'https://dealer.example/sign-in').host;

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnPath('/my-garage')).toBe('/my-garage');
    expect(safeReturnPath('/search/used-cars?price=0-20000&make=toyota#results')).toBe('/search/used-cars?price=0-20000&make=toyota#results');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses addresses of other sites, however they are written', () => {
    for (const attempt of [
      '//evil.com',
      '//evil.com/my-garage',
      '/\\evil.com',
      '\\\\evil.com',
      '/\\/evil.com',
      'https://evil.com',
      'http://evil.com/my-garage',
      'HTTPS://evil.com',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.com',
      '///evil.com',
      // Dot segments that collapse into a protocol-relative address once the URL is read.
      '/a/..//evil.com',
      '/.//evil.com',
      '/x/./..//evil.com/path',
    ]) {
      expect(safeReturnPath(attempt), attempt).toBeUndefined();
    }
  });

  it('keeps percent-escaped slashes as a path of this site: the browser never reads them as a host', () => {
    for (const escaped of ['/%2F%2Fevil.com', '/%2f%2fevil.com', '/%5Cevil.com']) {
      const kept = safeReturnPath(escaped);
      expect(kept, escaped).toBe(escaped);
      expect(landsOn(kept ?? ''), escaped).toBe('dealer.example');
    }
  });

  it('refuses tabs, newlines, spaces and other control characters anywhere (browsers strip some of them, turning /\\t/ into //)', () => {
    for (const attempt of [
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r\n/evil.com',
      '/my garage',
      '/my-garage\u0000',
      '/x\u007f',
      '/x\u0085',
      '/x\u2028',
      ' /my-garage',
      '/my-garage\n',
    ]) {
      expect(safeReturnPath(attempt), JSON.stringify(attempt)).toBeUndefined();
    }
  });

  it('refuses API routes, also when dot segments or escapes spell them', () => {
    for (const attempt of [
      '/api',
      '/api/',
      '/api/account/sign-out',
      '/./api/account',
      '/my-garage/../api/leads',
      '/%61pi/health',
      '/%2e/api/x',
      '/x/%2e%2e/api/x',
    ]) {
      expect(safeReturnPath(attempt), attempt).toBeUndefined();
    }
    // Not API routes: the server routes /api only, exactly.
    expect(safeReturnPath('/apiary')).toBe('/apiary');
    expect(safeReturnPath('/api%2Fhealth')).toBe('/api%2Fhealth');
  });

  it('refuses what is not a string, empty, or longer than any page of the site', () => {
    for (const value of [undefined, null, 42, {}, ['/my-garage'], '']) expect(safeReturnPath(value)).toBeUndefined();
    const long = `/${'a'.repeat(MAX_RETURN_PATH - 1)}`;
    expect(safeReturnPath(long)).toBe(long);
    expect(safeReturnPath(`${long}a`)).toBeUndefined();
  });

  it('normalises dot segments within the site', () => {
    expect(safeReturnPath('/cars/../my-garage')).toBe('/my-garage');
  });
});
