import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { spawnProcessGroup, type TsxProcess } from '../../support/tsx-process';

/** A process's memory right after a full garbage collection, in bytes. */
export interface MemoryReading {
  /**
   * `VmRSS` of /proc/<pid>/status: the pages of its heap, stacks, code and native allocations in
   * RAM. Kernel memory, socket buffers among it, is not in it.
   */
  rss: number;
  /** V8's heap in use (live objects, the GC having just run). */
  heapUsed: number;
  /** Memory of C++ objects bound to JavaScript ones, Buffers' bytes among it. */
  external: number;
}

/** The `NODE_OPTIONS` that open a process's inspector on a free loopback port (it prints where on stderr). */
export function inspectorOptions(): string {
  return `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim();
}

/** The inspector's WebSocket address, from the line the process printed on stderr when started with {@link inspectorOptions}. */
export async function inspectorUrlOf(child: TsxProcess, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = /Debugger listening on (ws:\/\/\S+)/.exec(child.stderr())?.[1];
    if (url) return url;
    if (Date.now() > deadline) throw new Error(`no inspector address on stderr within ${timeoutMs / 1000} s:\n${child.stderr().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/**
 * Forces a full garbage collection in process `pid` through its inspector (`inspectorUrl`), from a
 * helper process (memory-after-gc.ts), then reads its resident set from /proc (Linux).
 */
export async function memoryAfterGc(pid: number, inspectorUrl: string): Promise<MemoryReading> {
  const helper = spawnProcessGroup(
    process.execPath,
    ['--experimental-websocket', '--import', 'tsx', fileURLToPath(new URL('./memory-after-gc.ts', import.meta.url)), inspectorUrl],
    { stdout: 'pipe' },
  );
  const timer = setTimeout(() => void helper.stop(), 30_000);
  await helper.closed;
  clearTimeout(timer);
  const line = /^\{.*\}$/m.exec(helper.stdout())?.[0];
  if (!line) throw new Error(`memory-after-gc.ts printed no reading:\n${helper.stderr().slice(-2000)}`);
  const usage = JSON.parse(line) as { heapUsed: number; external: number };
  return { rss: await residentBytes(pid), heapUsed: usage.heapUsed, external: usage.external };
}
