import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestOnce, REMEMBERED_TEXTS } from './csp-digests';

function counting() {
  const asked: string[] = [];
  const digest = (data: string, algorithm: string) => {
    asked.push(`${algorithm} ${data}`);
    return Promise.resolve(`${algorithm}-${createHash('sha256').update(data).digest('base64')}`);
  };
  return { asked, digest };
}

describe('digestOnce', () => {
  it('hashes each text once per algorithm and answers the same digest after', async () => {
    const { asked, digest } = counting();
    const once = digestOnce(digest);
    const style = 'body{margin:0}'.repeat(1000);
    const first = await once(style, 'SHA-256');
    expect(await once(style, 'SHA-256')).toBe(first);
    expect(await once(`${style} `, 'SHA-256')).not.toBe(first);
    expect(await once(style, 'SHA-512')).not.toBe(first);
    expect(first).toBe(await digest(style, 'SHA-256'));
    expect(asked).toHaveLength(4);
  });

  it('asks again after a failed digest, and past its limit hashes each time', async () => {
    let fail = true;
    const once = digestOnce((data) => (fail ? Promise.reject(new Error('no')) : Promise.resolve(`d-${data}`)));
    await expect(once('a', 'SHA-256')).rejects.toThrow('no');
    fail = false;
    await expect(once('a', 'SHA-256')).resolves.toBe('d-a');

    const { asked, digest } = counting();
    const limited = digestOnce(digest);
    for (let i = 0; i <= REMEMBERED_TEXTS; i += 1) await limited(String(i), 'SHA-256');
    await limited(String(REMEMBERED_TEXTS), 'SHA-256');
    await limited('0', 'SHA-256');
    expect(asked).toHaveLength(REMEMBERED_TEXTS + 2);
  });
});
