import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

/**
 * Where a benchmark's CPU goes, read from Linux's /proc: the CPU time each process used between
 * two snapshots, grouped (the servers, PostgreSQL, Redis, the load generator), and what the rest
 * of the machine used. On a machine without /proc the snapshots are undefined and nothing is
 * reported.
 */

interface ProcessTicks {
  command: string;
  ticks: number;
}

export interface CpuSnapshot {
  processes: Map<number, ProcessTicks>;
  /** All CPUs' busy and total ticks since boot (/proc/stat). */
  machineBusy: number;
  machineTotal: number;
}

export interface CpuGroup {
  name: string;
  includes: (pid: number, command: string) => boolean;
}

export interface CpuUse {
  name: string;
  /** CPU time used in the interval, in milliseconds. */
  ms: number;
}

let ticksPerSecond: number | undefined;

function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** `pid (command) state ppid …`: the command may hold spaces and parentheses, so split at the last `)`. */
function parseStat(text: string): ProcessTicks | undefined {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const fields = text.slice(close + 2).split(' ');
  // After the command: state is field 0, utime field 11 and stime field 12 (proc(5) fields 14 and 15).
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isFinite(user) || !Number.isFinite(system)) return undefined;
  return { command: text.slice(open + 1, close), ticks: user + system };
}

export async function cpuSnapshot(): Promise<CpuSnapshot | undefined> {
  let names: string[];
  let machine: string;
  try {
    [names, machine] = await Promise.all([readdir('/proc'), readFile('/proc/stat', 'utf8')]);
  } catch {
    return undefined;
  }
  const processes = new Map<number, ProcessTicks>();
  await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        // A process may end between the listing and the read: it is left out.
        const text = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => undefined);
        const parsed = text === undefined ? undefined : parseStat(text);
        if (parsed) processes.set(Number(name), parsed);
      }),
  );
  return { processes, ...machineTicks(machine) };
}

/** All CPUs' busy and total ticks since boot, from the text of /proc/stat. */
function machineTicks(procStat: string): { machineBusy: number; machineTotal: number } {
  // cpu  user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
  const totals = (procStat.split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const machineTotal = totals.reduce((sum, value) => sum + value, 0);
  return { machineBusy: machineTotal - (totals[3] ?? 0) - (totals[4] ?? 0), machineTotal };
}

/**
 * Waits until the whole machine has been less than `busyBelow` busy for `quietSeconds` in a row
 * (at most `maxSeconds`): what the previous benchmark left behind (a cluster shutting down,
 * autovacuum after a large seed, a browser closing) then does not land in the next one's
 * figures. Answers how long it waited and whether the machine did go quiet; without /proc at once.
 */
export async function waitForQuietMachine({
  busyBelow = 0.1,
  quietSeconds = 2,
  maxSeconds = 60,
} = {}): Promise<{ waitedMs: number; isQuiet: boolean }> {
  const startedAt = Date.now();
  const read = () => readFile('/proc/stat', 'utf8').then(machineTicks, () => undefined);
  let previous = await read();
  if (!previous) return { waitedMs: 0, isQuiet: true };
  let quietInARow = 0;
  while (Date.now() - startedAt < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const current = await read();
    if (!current) return { waitedMs: Date.now() - startedAt, isQuiet: true };
    const total = current.machineTotal - previous.machineTotal;
    const busy = total > 0 ? (current.machineBusy - previous.machineBusy) / total : 0;
    previous = current;
    quietInARow = busy < busyBelow ? quietInARow + 1 : 0;
    if (quietInARow >= quietSeconds) return { waitedMs: Date.now() - startedAt, isQuiet: true };
  }
  return { waitedMs: Date.now() - startedAt, isQuiet: false };
}

/**
 * The CPU each group used between two snapshots, then `rest of the machine` (every other process
 * and the kernel). A process started in between counts from zero; one that ended in between is
 * missing from the groups and lands in the rest.
 */
export function cpuUsedBetween(start: CpuSnapshot, end: CpuSnapshot, groups: CpuGroup[]): CpuUse[] {
  const msPerTick = 1000 / clockTicksPerSecond();
  const used = groups.map((group) => ({ name: group.name, ms: 0 }));
  for (const [pid, { command, ticks }] of end.processes) {
    const index = groups.findIndex((group) => group.includes(pid, command));
    const entry = used[index];
    if (!entry) continue;
    const before = start.processes.get(pid);
    entry.ms += (ticks - (before?.command === command ? before.ticks : 0)) * msPerTick;
  }
  const machineMs = (end.machineBusy - start.machineBusy) * msPerTick;
  const grouped = used.reduce((sum, entry) => sum + entry.ms, 0);
  return [...used, { name: 'rest of the machine', ms: Math.max(0, machineMs - grouped) }];
}
