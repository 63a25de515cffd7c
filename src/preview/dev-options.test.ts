import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDevArgs, previewEnv, previewPort } from './dev-options';

const dealers = ['acme', 'kingfisher-toyota'];

describe('parseDevArgs', () => {
  it('takes one known dealer', () => {
    expect(parseDevArgs(['--dealer', 'acme'], dealers)).toBe('acme');
    expect(parseDevArgs(['--dealer=kingfisher-toyota'], dealers)).toBe('kingfisher-toyota');
  });

  it('refuses a missing, unknown or stray argument, naming the dealers there are', () => {
    expect(() => parseDevArgs([], dealers)).toThrow(/say which dealer.*acme, kingfisher-toyota/);
    expect(() => parseDevArgs(['--dealer', 'acne'], dealers)).toThrow(/no dealer file for "acne".*acme, kingfisher-toyota/);
    expect(() => parseDevArgs(['--dealer'], dealers)).toThrow(/--dealer needs a dealer's slug/);
    expect(() => parseDevArgs(['acme'], dealers)).toThrow(/unknown argument "acme"/);
  });
});

describe('previewEnv', () => {
  it("keeps the preview's data in a folder of its own per dealer, away from npm start's", () => {
    const env = previewEnv({ PATH: '/bin' }, '/site', 'acme', '/site/.data/stock');
    expect(env).toMatchObject({
      PATH: '/bin',
      DEALER: 'acme',
      STOCK_DIR: '/site/.data/stock',
      LEADS_DB_DIR: path.join('/site/.data/preview/acme/leads-db'),
      LEADS_FILES_DIR: path.join('/site/.data/preview/acme/lead-files'),
      LEADS_OUTBOX_DIR: path.join('/site/.data/preview/acme/outbox'),
      ASTRO_TELEMETRY_DISABLED: '1',
      ASTRO_DISABLE_UPDATE_CHECK: 'true',
    });
  });

  it('keeps folders given explicitly', () => {
    const env = previewEnv({ LEADS_DB_DIR: '/tmp/db', LEADS_OUTBOX_DIR: 'off' }, '/site', 'acme', '/s');
    expect(env.LEADS_DB_DIR).toBe('/tmp/db');
    expect(env.LEADS_OUTBOX_DIR).toBe('off');
  });
});

describe('previewPort', () => {
  it("is 4322 by default, beside npm start's 4321, and PORT when set", () => {
    expect(previewPort(undefined)).toEqual({ port: 4322, strict: false });
    expect(previewPort('5000')).toEqual({ port: 5000, strict: true });
    expect(() => previewPort('http')).toThrow(/PORT must be a port number/);
  });
});
