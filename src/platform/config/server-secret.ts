/**
 * A secret the server signs with: the environment's when it sets one, else one made once with
 * the operating system's random source and kept in `.data/secrets/<name>` (readable by the
 * server's user only), so `npm start` on any host needs no setting and still signs with a secret
 * nobody else has. A secret written in the source would let anyone sign what the server trusts.
 *
 * Every process of one server reads the same file: the first to need it writes it beside its
 * final name and links it there, which fails when another process got there first, and then reads
 * that one. Several hosts serving one site each keep their own file, so they must share the
 * secret through the environment instead.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where kept secrets live under the project root. */
export const SECRETS_DIR = '.data/secrets';
/** A kept secret shorter than this is not one we wrote: refuse it rather than sign with it. */
const MIN_LENGTH = 32;

export interface ServerSecretOptions {
  env: NodeJS.ProcessEnv;
  /** Project root the secrets folder is under. */
  root: string;
  /** The environment variable that, when set, is the secret. */
  variable: string;
  /** The kept file's name in the secrets folder. */
  name: string;
}

export interface ServerSecret {
  secret: string;
  /** Where it came from: the environment, or the kept file (its path). */
  from: 'environment' | { file: string };
}

export function serverSecret({ env, root, variable, name }: ServerSecretOptions): ServerSecret {
  const given = env[variable]?.trim();
  if (given) return { secret: given, from: 'environment' };
  const dir = path.resolve(root, SECRETS_DIR);
  const file = path.join(dir, name);
  const read = (): string | undefined => {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  let kept = read();
  if (kept === undefined) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
    kept = read();
  }
  if (!kept || kept.length < MIN_LENGTH) throw new Error(`${file} does not hold a secret (${variable} unset): delete it to have a new one made`);
  return { secret: kept, from: { file } };
}
