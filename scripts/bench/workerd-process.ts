// What the bench reads of a served app's workerd processes from Linux's /proc: resident memory
// (the export's peak) and CPU time (each ingest target's CPU per request); `npm run faults` finds
// the workerd to kill here.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** The fields of /proc/<pid>/stat after the command's closing parenthesis (state, ppid, pgrp, …). */
function statFields(pid: string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.includes("(workerd)") ? stat.slice(stat.lastIndexOf(")") + 2).split(" ") : null;
  } catch {
    return null; // gone meanwhile
  }
}

/** The workerd processes of a process group (a served app's), with their stat fields. */
function workerdStats(processGroup: number): { pid: string; fields: string[] }[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => ({ pid, fields: statFields(pid) }))
    .filter((entry): entry is { pid: string; fields: string[] } => entry.fields !== null && Number(entry.fields[2]) === processGroup);
}

/** The ids of the workerd processes of a process group (what `npm run faults` kills with SIGKILL). */
export function workerdPids(processGroup: number): number[] {
  return workerdStats(processGroup).map(({ pid }) => Number(pid));
}

/** Resident memory (bytes) of the workerd processes in a process group. */
export function workerdRss(processGroup: number): number {
  let total = 0;
  for (const { pid } of workerdStats(processGroup)) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

let ticksPerSecond: number | undefined;

/** CPU time (ms, user and system) the workerd processes of a process group have used so far. */
export function workerdCpuMs(processGroup: number): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());
  // utime and stime are the 12th and 13th fields after the command (14th and 15th of the line).
  const ticks = workerdStats(processGroup).reduce((sum, { fields }) => sum + Number(fields[11]) + Number(fields[12]), 0);
  return (ticks * 1000) / ticksPerSecond;
}
