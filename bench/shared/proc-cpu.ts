import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second, the unit of /proc CPU times. */
const TICKS_PER_SECOND = ((): number => {
  try {
    const n = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    return Number.isInteger(n) && n > 0 ? n : 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds a process has used: whole, in user space (the rest is the kernel, for a server
 * mostly its send path), and on its main thread (where JS and the uWS loop run).
 */
export interface ProcessCpu {
  readonly wallMs: number;
  readonly processSeconds: number;
  readonly userSeconds: number;
  readonly mainThreadSeconds: number;
}

/** The fields of a /proc `stat` file after the command name, which may hold spaces and parentheses. */
function statFields(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}

/** utime and stime of a /proc `stat` file, in seconds. */
function statSeconds(file: string): { user: number; system: number } {
  const fields = statFields(file);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`cannot parse ${file}`);
  return { user: utime / TICKS_PER_SECOND, system: stime / TICKS_PER_SECOND };
}

/**
 * CPU seconds of a server that forks a process per connection (PostgreSQL): the process, its
 * live children, and the children it has reaped (cutime, cstime), so a backend that exited
 * between two samples still counts.
 */
export function processTreeSeconds(pid: number): number {
  const own = statFields(`/proc/${pid}/stat`).slice(11, 15).map(Number);
  let ticks = own.reduce((a, b) => a + b, 0);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(`/proc/${entry}/stat`);
      if (Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Exited while we looked: its time is in the parent's cutime now, or will be.
    }
  }
  return ticks / TICKS_PER_SECOND;
}

export function sampleProcess(pid: number): ProcessCpu {
  const whole = statSeconds(`/proc/${pid}/stat`);
  const main = statSeconds(`/proc/${pid}/task/${pid}/stat`);
  return {
    wallMs: performance.now(),
    processSeconds: whole.user + whole.system,
    userSeconds: whole.user,
    mainThreadSeconds: main.user + main.system,
  };
}

/** Busy share between two samples, in cores (1.0 = one core fully busy). */
export interface CpuShare {
  readonly process: number;
  readonly mainThread: number;
}

export function processShare(before: ProcessCpu, after: ProcessCpu): CpuShare {
  const wall = (after.wallMs - before.wallMs) / 1000;
  return {
    process: (after.processSeconds - before.processSeconds) / wall,
    mainThread: (after.mainThreadSeconds - before.mainThreadSeconds) / wall,
  };
}

/** Whole-machine busy and total ticks from the first line of /proc/stat, and its CPU count. */
export interface MachineCpu {
  readonly busy: number;
  /** irq + softirq time, part of busy: much of loopback TCP's receive path runs there, charged to no process. */
  readonly interrupts: number;
  readonly total: number;
  readonly cpus: number;
}

export function sampleMachine(): MachineCpu {
  const lines = readFileSync("/proc/stat", "utf8").split("\n");
  const line = lines[0] ?? "";
  const cpus = lines.filter((l) => /^cpu\d/.test(l)).length;
  // cpu user nice system idle iowait irq softirq steal ...; guest time is already in user.
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, interrupts: irq + softirq, total: busy + idle + iowait, cpus };
}

/** Busy cores of the whole machine between two samples. */
export function machineCores(before: MachineCpu, after: MachineCpu): number {
  const total = after.total - before.total;
  return total > 0 ? ((after.busy - before.busy) / total) * after.cpus : 0;
}

/** Cores spent in interrupts (mostly softirq) between two samples. */
export function interruptCores(before: MachineCpu, after: MachineCpu): number {
  const total = after.total - before.total;
  return total > 0 ? ((after.interrupts - before.interrupts) / total) * after.cpus : 0;
}

/** Resident set size of a process (VmRSS in /proc/<pid>/status), in bytes. */
export function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status (has the process exited?)`);
  return Number(match[1]) * 1024;
}

/** This process's soft limit on open files, which children inherit. */
export function openFilesLimit(): number {
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync("/proc/self/limits", "utf8"));
  const value = match?.[1];
  return value === undefined ? 1024 : value === "unlimited" ? Number.POSITIVE_INFINITY : Number(value);
}

/** How many file descriptors (sockets included) a process holds open. */
export const openFiles = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

/** The live children of `pid` whose command is `name` (/proc/<pid>/comm, e.g. `ffmpeg`). */
export function childPids(pid: number, name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(`/proc/${entry}/stat`)[1]) === pid && readFileSync(`/proc/${entry}/comm`, "utf8").trim() === name) found.push(Number(entry));
    } catch {
      // Exited while we looked.
    }
  }
  return found;
}
