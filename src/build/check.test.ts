import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDealerSlugs } from '../platform/config/load';
import { checkDealerFile, filesToCheck } from './check';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dealer-check-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'schema.json'), '{}');
  writeFileSync(path.join(dir, 'bad.json'), '{"slug":"bad","name":7}');
  writeFileSync(path.join(dir, 'broken.json'), '{');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('filesToCheck', () => {
  it('lists the dealer files, not schema.json', () => {
    expect(filesToCheck([], dir)).toEqual([path.join(dir, 'bad.json'), path.join(dir, 'broken.json')]);
  });
  it('prefers explicit paths', () => {
    expect(filesToCheck(['x/a.json'], dir)).toEqual([path.resolve('x/a.json')]);
  });
});

describe('checkDealerFile', () => {
  it('reports each bad field with the file name', () => {
    const result = checkDealerFile(path.join(dir, 'bad.json'));
    expect(result.ok).toBe(false);
    expect(result.message.split('\n')[0]).toBe(`${path.join(dir, 'bad.json')} is not a valid dealer file:`);
    expect(result.message).toMatch(/\n {2}- name: /);
  });
  it('reports unreadable JSON and missing files', () => {
    expect(checkDealerFile(path.join(dir, 'broken.json')).message).toContain('cannot be read as JSON');
    expect(checkDealerFile(path.join(dir, 'missing.json')).ok).toBe(false);
  });
});

// The fixture dealers track the schema (the browser tests build them), so the happy path uses one.
const demo = listDealerSlugs(path.resolve('tests/fixtures/dealers'))[0];
describe.skipIf(demo === undefined)('checkDealerFile on a fixture dealer', () => {
  it('prints ok <slug>', () => {
    const result = checkDealerFile(path.resolve('tests/fixtures/dealers', `${demo}.json`));
    expect(result).toMatchObject({ ok: true, message: `ok ${demo}` });
  });
});
