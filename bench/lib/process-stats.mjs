/** Reads resident memory and CPU time of processes and of the machine from /proc (Linux). */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

/** VmRSS of `pid` in MB (0 when unreadable). */
export function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** User + system CPU seconds `pid` has used so far (all its threads; `${pid}/task/${tid}` for one). */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

/** Busy CPU seconds of the whole machine so far (all cores; idle and iowait excluded), from /proc/stat. */
function machineBusySeconds() {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/**
 * Starts measuring where the machine's CPU goes; call the result with the number of operations done
 * to get milliseconds of CPU per operation: the server (all threads, and its main thread, which runs
 * all JavaScript), this process (the load generator), the whole machine, and the machine less those
 * two (PostgreSQL, mostly); plus how busy the server's main thread and the machine's cores were.
 */
export function startCpuMeter(serverPid) {
  const mainThread = `${serverPid}/task/${serverPid}`;
  const wallStart = performance.now();
  const serverStart = cpuSeconds(serverPid);
  const mainStart = cpuSeconds(mainThread);
  const benchStart = process.cpuUsage();
  const machineStart = machineBusySeconds();
  return (operations) => {
    const seconds = (performance.now() - wallStart) / 1000;
    const server = cpuSeconds(serverPid) - serverStart;
    const main = cpuSeconds(mainThread) - mainStart;
    const benchUsage = process.cpuUsage(benchStart);
    const loadGenerator = (benchUsage.user + benchUsage.system) / 1e6;
    const machine = machineBusySeconds() - machineStart;
    const perOp = (cpuSeconds) => (cpuSeconds * 1000) / operations;
    return {
      server: perOp(server),
      mainThread: perOp(main),
      mainThreadBusy: main / seconds,
      loadGenerator: perOp(loadGenerator),
      rest: perOp(Math.max(0, machine - server - loadGenerator)),
      machine: perOp(machine),
      busy: machine / (seconds * os.cpus().length),
    };
  };
}

/**
 * CPU seconds of PostgreSQL backend `pid` so far, or null when it is not a PostgreSQL process of this machine (a
 * server elsewhere, or in another pid namespace, such as a container).
 */
export function postgresCpuSeconds(pid) {
  try {
    if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return null;
  } catch {
    return null;
  }
  return cpuSeconds(pid);
}
