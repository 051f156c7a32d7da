import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../src/db/data-dir-lock.ts';

const root = mkdtempSync(path.join(tmpdir(), 'medhire-lock-test-'));
const others: ChildProcess[] = [];
afterEach(() => {
  for (const other of others.splice(0)) other.kill('SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function freshDataDir(): string {
  return mkdtempSync(path.join(root, 'data-'));
}

/** Another live process, standing for a server that holds a lock. */
async function liveProcess(): Promise<number> {
  const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  others.push(other);
  await new Promise((resolve) => other.once('spawn', resolve));
  return other.pid ?? 0;
}

function processStartOf(pid: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

function writeLock(dataDir: string, owner: object): string {
  const text = JSON.stringify({
    port: null,
    processStart: null,
    startedAt: '2026-01-01T00:00:00Z',
    token: 'x',
    ...owner,
  });
  writeFileSync(path.join(dataDir, LOCK_FILE), text);
  return text;
}

function readLock(dataDir: string) {
  return JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
}

describe('the DATA_DIR lock', () => {
  it('is held with this process pid and the port it records, and removed on release', () => {
    const dataDir = freshDataDir();
    const lock = lockDataDir(dataDir);
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, port: null });
    lock.recordPort(4321);
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, port: 4321 });
    lock.release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('refuses a folder locked by a live process, naming its pid and port, and leaves the lock alone', async () => {
    const dataDir = freshDataDir();
    const pid = await liveProcess();
    const text = writeLock(dataDir, { pid, port: 3000, processStart: processStartOf(pid) });

    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dataDir)).toThrow(
      new RegExp(`in use by another MedHire server \\(pid ${pid}, serving on port 3000\\)`),
    );
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(text);
  });

  it('takes over the lock of a process that is gone', () => {
    const dataDir = freshDataDir();
    writeLock(dataDir, { pid: 999_999_999, port: 3000 });
    const messages: string[] = [];
    const lock = lockDataDir(dataDir, (message) => messages.push(message));
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, port: null });
    expect(messages.join('\n')).toMatch(/no longer running \(pid 999999999\)/);
    lock.release();
  });

  it('takes over the lock of a pid now used by another process (another start time)', async () => {
    const dataDir = freshDataDir();
    const pid = await liveProcess();
    writeLock(dataDir, { pid, port: 3000, processStart: '1' });
    const lock = lockDataDir(dataDir);
    expect(readLock(dataDir).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock file that holds no owner', () => {
    const dataDir = freshDataDir();
    writeFileSync(path.join(dataDir, LOCK_FILE), '');
    const lock = lockDataDir(dataDir);
    expect(readLock(dataDir).pid).toBe(process.pid);
    lock.release();
  });

  it('does not remove a lock another process holds when released late', async () => {
    const dataDir = freshDataDir();
    const lock = lockDataDir(dataDir);
    const pid = await liveProcess();
    const text = writeLock(dataDir, { pid, processStart: processStartOf(pid) });
    lock.release();
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(text);
  });
});
