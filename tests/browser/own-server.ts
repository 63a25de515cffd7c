/**
 * A platform command run as an editor or operator runs it (`npm start`, `npm run dev`), in a
 * temporary folder of its own with a copy of a demo dealer, for the browser tests that need no
 * built site: its output is kept for the failure message, and it stops with everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

/**
 * Copies a demo dealer's file (with `cars` demo cars, fewer than the demo's to keep its pages
 * quick) and its assets into `<root>/dealers/`, and makes `<root>/stock/`; returns the file's text.
 */
export function copyDemoDealer(root: string, slug: string, cars: number): string {
  mkdirSync(path.join(root, 'dealers'), { recursive: true });
  mkdirSync(path.join(root, 'stock'), { recursive: true });
  const dealer = JSON.parse(readFileSync(path.join('dealers', `${slug}.json`), 'utf8')) as { search: { demo_stock?: number } };
  dealer.search.demo_stock = cars;
  const text = JSON.stringify(dealer, null, 2);
  writeFileSync(path.join(root, 'dealers', `${slug}.json`), text);
  if (existsSync(path.join('dealers', 'assets', slug)))
    cpSync(path.join('dealers', 'assets', slug), path.join(root, 'dealers', 'assets', slug), { recursive: true });
  return text;
}

/** The machine's environment without outside services: the embedded database, search and queue carry it. */
export function withoutOutsideServices(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = process.env;
  return rest;
}

export interface OwnServer {
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Waits until `check` holds; fails with its last output if it stops or the time runs out. */
  waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export function startOwnServer(name: string, command: string, args: readonly string[], env: NodeJS.ProcessEnv): OwnServer {
  // Its own process group, so that stopping it stops npm, the server and its workers together.
  const child: ChildProcess = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    output: () => output,
    async waitFor(what, check, timeoutMs, everyMs = 250) {
      const until = Date.now() + timeoutMs;
      while (!(await check())) {
        if (child.exitCode !== null) throw new Error(`${name} stopped (exit ${child.exitCode}) while waiting for ${what}:\n${output.slice(-3000)}`);
        if (Date.now() > until) throw new Error(`no ${what} within ${timeoutMs / 1000} s; ${name} said:\n${output.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    },
    async stop() {
      if (!child.pid || child.exitCode !== null) return;
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
