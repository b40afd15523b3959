/**
 * The bench's child processes (bench/run.ts): each started in its own process group so that it and whatever it starts
 * (npx → tsx → node, esbuild) are signalled together, all killed when the bench exits, also after Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: every child runs there. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface Child {
  label: string;
  proc: ChildProcess;
  stderr: string[];
  stdout: string[];
  exited: Promise<number | null>;
}

const children = new Set<Child>();

export function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}

/** Starts a process in its own process group (so that it and its children can be signalled together). */
export function startChild(label: string, command: string, args: string[], env: Record<string, string> = {}): Child {
  const proc = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = {
    label,
    proc,
    stderr: [],
    stdout: [],
    exited: new Promise((resolveExit) => {
      proc.once('exit', (code) => resolveExit(code));
      proc.once('error', () => resolveExit(-1));
    }),
  };
  const keep = (into: string[]) => (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) into.push(line);
    if (into.length > 200) into.splice(0, into.length - 200);
  };
  proc.stdout!.on('data', keep(child.stdout));
  proc.stderr!.on('data', keep(child.stderr));
  children.add(child);
  // When the group leader ends, whatever it left in its group (npx → tsx → node, esbuild) goes with it.
  void child.exited.then(() => {
    signalGroup(child, 'SIGKILL');
    children.delete(child);
  });
  return child;
}

export function signalGroup(child: Child, signal: NodeJS.Signals): void {
  if (child.proc.pid === undefined) return;
  try {
    process.kill(-child.proc.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Sends SIGTERM to the child's process group and waits; SIGKILL after `graceMs`. */
export async function stopChild(child: Child, graceMs = 8_000): Promise<void> {
  if (!children.has(child)) return;
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

export function killAllNow(): void {
  for (const child of children) signalGroup(child, 'SIGKILL');
}

/** The run's temp folder, removed at exit (also after Ctrl-C) unless --keep. */
let tempFolder: string | undefined;

/** Removes `folder` when the bench process exits (also after Ctrl-C). */
export function removeAtExit(folder: string): void {
  tempFolder = folder;
}

process.once('exit', () => {
  killAllNow();
  if (tempFolder) rmSync(tempFolder, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping every child process`);
    killAllNow();
    process.exit(130);
  });
}

/** Resolves with the port once the child prints `LISTENING <port>`; rejects when it exits or takes too long. */
export function waitForListening(child: Child, timeoutMs = 60_000): Promise<number> {
  return new Promise((resolvePort, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const match = /^LISTENING (\d+)$/m.exec(buffer);
      if (match) {
        cleanup();
        resolvePort(Number(match[1]));
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`${child.label} did not print LISTENING within ${timeoutMs} ms:\n${child.stderr.slice(-20).join('\n')}`));
    }, timeoutMs);
    const onExit = () => {
      cleanup();
      reject(new Error(`${child.label} exited before listening:\n${[...child.stdout, ...child.stderr].slice(-30).join('\n')}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.proc.stdout!.off('data', onData);
      child.proc.off('exit', onExit);
    };
    child.proc.stdout!.on('data', onData);
    child.proc.once('exit', onExit);
  });
}
