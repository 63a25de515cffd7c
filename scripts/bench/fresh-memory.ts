/**
 * What this machine charges for memory a new process touches for the first time, in ms per GiB.
 * Each Lighthouse run opens the page in a new renderer process, whose heap, DOM and layout all
 * live in fresh memory. A virtual machine that hands memory to its guest page by page on first
 * touch can charge several seconds per GiB where bare metal charges a few hundred milliseconds;
 * every real page's main-thread work grows with it, while a bare page barely notices. The bench prints it beside the bare page so
 * scores from different machines, or days, can be read against each other.
 */
import { spawnSync } from 'node:child_process';

/** Touches one byte in every 4 KiB page of `mebibytes` of new memory and prints the milliseconds. */
const TOUCH = (mebibytes: number): string =>
  `const t=process.hrtime.bigint();const b=Buffer.alloc(${mebibytes}*1048576);for(let i=0;i<b.length;i+=4096)b[i]=1;console.log(String(Number(process.hrtime.bigint()-t)/1e6))`;

/** Parses the child's output: milliseconds for `mebibytes`, scaled to one GiB. */
export function msPerGiB(output: string, mebibytes: number): number | undefined {
  const ms = Number(output.trim());
  return Number.isFinite(ms) && ms > 0 && mebibytes > 0 ? (ms * 1024) / mebibytes : undefined;
}

/** The median of `runs` fresh processes, each touching `mebibytes`; undefined when none could run. */
export function freshMemoryCost(runs = 3, mebibytes = 256): number | undefined {
  const costs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const child = spawnSync(process.execPath, ['-e', TOUCH(mebibytes)], { encoding: 'utf8' });
    const cost = child.status === 0 ? msPerGiB(child.stdout, mebibytes) : undefined;
    if (cost !== undefined) costs.push(cost);
  }
  costs.sort((a, b) => a - b);
  return costs.length > 0 ? costs[Math.floor(costs.length / 2)] : undefined;
}
