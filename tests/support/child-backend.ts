// The backend CLI as a child process, so a test can kill -9 it mid-request and restart on the
// same data folder: what the desktop app's utilityProcess or a team server lives through. The
// child runs the CLI bundled once from the sources (cli-bundle.ts), not through tsx as `npm run
// backend` does: the same code, without tsx compiling it again in every child, with the same Node
// flags and environment (BACKEND_NODE_FLAGS, BACKEND_ENV).

import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { BACKEND_ENV, BACKEND_NODE_FLAGS } from '../../src/shared/backend-protocol'
import { cliBundle } from './cli-bundle'

const ROOT = resolve(__dirname, '../..')

export interface ChildBackend {
  url: string
  anonKey: string
  child: ChildProcess
  output(): string
  /** SIGKILL: no shutdown handler runs, PGlite is not closed, nothing is flushed by us. */
  kill9(): Promise<void>
  /** SIGTERM, as Ctrl-C stops it: the CLI closes the database; resolves once it has exited. */
  stop(): Promise<void>
}

export interface ExitResult {
  code: number | null
  signal: NodeJS.Signals | null
  output: string
  ms: number
}

async function launch(args: string[], env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return spawn(process.execPath, [...BACKEND_NODE_FLAGS, await cliBundle(), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...BACKEND_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe']
  })
}

/** Starts `npm run backend -- --data DIR --port 0` and resolves once it prints its URL and key. */
export async function startChildBackend(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 90_000
): Promise<ChildBackend> {
  const child = await launch(['--data', dataDir, '--port', '0'], env)
  let output = ''
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`backend did not start in ${timeoutMs} ms:\n${output}`))
    }, timeoutMs)
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8')
      const url = /API URL: (\S+)/.exec(output)?.[1]
      const anonKey = /anon key: (\S+)/.exec(output)?.[1]
      if (!url || !anonKey) return
      clearTimeout(timer)
      resolvePromise({
        url,
        anonKey,
        child,
        output: () => output,
        async kill9() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
          await exited
        },
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
          await exited
        }
      })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`backend exited with ${code} before starting:\n${output}`))
    })
  })
}

/** Runs the CLI to its end (for start failures): exit code, output and how long it took. */
export async function runChildBackendToExit(
  dataDir: string,
  timeoutMs = 60_000
): Promise<ExitResult> {
  const child = await launch(['--data', dataDir, '--port', '0'], {})
  const started = Date.now()
  let output = ''
  child.stdout?.on('data', (c: Buffer) => (output += c.toString('utf8')))
  child.stderr?.on('data', (c: Buffer) => (output += c.toString('utf8')))
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      resolvePromise({ code, signal, output, ms: Date.now() - started })
    })
  })
}
