// What a phase of `npm test` cost in CPU, read from /proc (Linux; elsewhere nothing is printed):
// the CPU seconds of this process's finished children (the phase's steps and everything they
// started), and how many of the machine's cores were busy on average meanwhile. Cores well
// below the count while a phase runs mean it could share the machine with another phase; a
// count near it means the phases would only slow each other.

import { readFileSync } from 'node:fs'
import { cpus } from 'node:os'

interface Reading {
  /** CPU seconds of this process's waited-for children (user + system). */
  childSeconds: number
  /** The machine's busy and total ticks since boot, over all cores. */
  busyTicks: number
  totalTicks: number
}

const TICKS_PER_SECOND = 100

function read(): Reading | null {
  try {
    // Fields after the command name (which may hold spaces): cutime and cstime are 14th and 15th.
    const self = readFileSync('/proc/self/stat', 'utf8')
    const fields = self.slice(self.lastIndexOf(')') + 2).split(' ')
    const childSeconds = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1)
    const ticks = cpu.map(Number)
    // idle and iowait are the idle ones; guest time is already counted in user.
    const totalTicks = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0)
    const busyTicks = totalTicks - ticks[3] - ticks[4]
    return { childSeconds, busyTicks, totalTicks }
  } catch {
    return null
  }
}

/** Starts measuring; the function returned describes the time since, e.g. "412 CPU s, 1.7 of 2 cores busy". */
export function startCpuMeter(): () => string {
  const start = read()
  return () => {
    const end = read()
    if (!start || !end || end.totalTicks === start.totalTicks) return ''
    const cores = cpus().length
    const busy = ((end.busyTicks - start.busyTicks) / (end.totalTicks - start.totalTicks)) * cores
    const seconds = end.childSeconds - start.childSeconds
    return `${seconds.toFixed(0)} CPU s, ${busy.toFixed(1)} of ${cores} cores busy`
  }
}
