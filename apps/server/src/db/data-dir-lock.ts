import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time runs the embedded database of a DATA_DIR. The holder keeps
 * `DATA_DIR/server.lock` (its pid, its port once it listens, when its process started) for its
 * whole life; another process on the same folder refuses to start before it touches anything,
 * instead of stopping the running server's cluster as if it had been left behind.
 *
 * A lock whose process is gone (kill -9, power loss) is stale and taken over; the cluster that
 * process may have left running is then recovered as before. A pid alone could be reused by an
 * unrelated process after a reboot or in a restarted container, so on Linux the lock also keeps
 * the process's start time, and a live pid with another start time counts as gone.
 *
 * Node has no portable advisory file lock (flock), hence a file created atomically: written
 * beside the lock and linked into place (link fails when the lock exists), so nobody ever reads a
 * half-written lock.
 */
export const LOCK_FILE = 'server.lock';

export interface DataDirLock {
  path: string;
  /** Records the HTTP port once the server listens, for the message a second server prints. */
  recordPort(port: number): void;
  /** Removes the lock if it is still this process's. */
  release(): void;
}

interface LockOwner {
  pid: number;
  port: number | null;
  /** The process's start time as /proc/<pid>/stat counts it (Linux), to tell a reused pid. */
  processStart: string | null;
  startedAt: string;
  token: string;
}

export class DataDirInUseError extends Error {
  readonly owner: LockOwner;
  constructor(dataDir: string, owner: LockOwner) {
    const where = owner.port ? `serving on port ${owner.port}` : 'starting, not serving yet';
    super(
      `DATA_DIR ${dataDir} is in use by another MedHire server (pid ${owner.pid}, ${where}), ` +
        'which runs the embedded database there. Nothing was changed. Stop that server first, ' +
        'or give this one a DATA_DIR of its own.',
    );
    this.name = 'DataDirInUseError';
    this.owner = owner;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.processStart === null) return true;
  const current = processStartOf(owner.pid);
  return current === null || current === owner.processStart;
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function writeAtomically(file: string, text: string, replace: boolean): void {
  const staging = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(staging, text, { mode: 0o644 });
  try {
    if (replace) renameSync(staging, file);
    else linkSync(staging, file);
  } finally {
    rmSync(staging, { force: true });
  }
}

/** Takes the lock of `dataDir` or throws DataDirInUseError naming the live holder. */
export function lockDataDir(dataDir: string, log: (message: string) => void = () => {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid,
    port: null,
    processStart: processStartOf(process.pid),
    startedAt: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };

  for (let attempt = 0; ; attempt += 1) {
    try {
      writeAtomically(lockPath, JSON.stringify(owner), false);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 10) throw error;
    }
    const text = readText(lockPath);
    if (text === undefined) continue;
    const holder = parseOwner(text);
    if (holder && holder.pid !== process.pid && isAlive(holder)) {
      throw new DataDirInUseError(dataDir, holder);
    }
    // Stale: move it aside (atomic), and delete only what was judged stale. Should another
    // server have replaced it in between, its fresh lock goes back where it was.
    const aside = `${lockPath}.stale-${process.pid}`;
    try {
      renameSync(lockPath, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (readText(aside) !== text) {
      try {
        linkSync(aside, lockPath);
      } catch {
        // A third server holds it now; it keeps it.
      }
    } else if (holder) {
      log(`Took over ${lockPath} from a server that is no longer running (pid ${holder.pid}).`);
    }
    rmSync(aside, { force: true });
  }

  const isOurs = () => parseOwner(readText(lockPath) ?? '')?.token === owner.token;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    if (isOurs()) rmSync(lockPath, { force: true });
  };
  // A process that ends without closing its database still leaves no lock behind.
  process.once('exit', release);
  return {
    path: lockPath,
    recordPort(port) {
      if (released || !isOurs()) return;
      owner.port = port;
      writeAtomically(lockPath, JSON.stringify(owner), true);
    },
    release,
  };
}
