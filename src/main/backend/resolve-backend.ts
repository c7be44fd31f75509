// Which backend this run uses: a hosted Supabase project when one is configured (environment,
// userData/supabase.json or the build), else the embedded local backend, started under a
// supervisor that restarts it. Electron's pieces come in as arguments, so tests pass fakes.

import { join } from 'node:path'
import type { Logger } from '../../shared/logger'
import { backendLaunchArgs } from '../../shared/backend-protocol'
import { forwardLines, type ReadableLike } from '../logging/forward-lines'
import { chooseBackend, parseConfigFile, type BackendSettings } from './config'
import { backendDataDir, migrationsDir } from './paths'
import { createBackendSupervisor, type BackendChild, type BackendSupervisor } from './supervisor'

export interface ResolvedBackend {
  url: string
  anonKey: string
  kind: 'local' | 'hosted'
}

/** A forked backend process: the supervisor's child with its output streams. */
export type BackendProcess = BackendChild & {
  stdout: ReadableLike | null
  stderr: ReadableLike | null
}

export interface ResolveBackendDeps {
  userDataDir: string
  isPackaged: boolean
  resourcesPath: string
  appPath: string
  /** Where main's bundle lies (backend.js is beside it). */
  mainDir: string
  env: Record<string, string | undefined>
  buildTime: BackendSettings
  readFile(path: string): string
  log: Logger
  /** backend.log: the local backend's stdout and stderr. */
  backendLog: Pick<Logger, 'info' | 'error'>
  /** A notice for the page (the local server restarting). */
  notice(message: string): void
  /** Forks the backend entry with these arguments (Electron's utilityProcess). */
  fork(entry: string, args: string[]): BackendProcess
  /** Says that the local backend stopped for good. */
  showFatal(message: string): void
  /** Told the supervisor of a local backend, so quitting can stop it first. */
  onSupervisor(supervisor: BackendSupervisor): void
  /** The window's origin (app://instaframe, or the dev server's): the one page it serves. */
  rendererOrigin: string
}

export async function resolveBackend(deps: ResolveBackendDeps): Promise<ResolvedBackend> {
  const { log } = deps
  const configFile = parseConfigFile(() => deps.readFile(join(deps.userDataDir, 'supabase.json')))
  if (configFile.error) log.warn(`[backend] ${configFile.error}`)
  const choice = chooseBackend({
    env: deps.env,
    configFile: configFile.value,
    buildTime: deps.buildTime
  })
  if (choice.kind === 'hosted') {
    log.info(`[backend] using hosted Supabase ${choice.url} (from ${choice.source})`)
    return { url: choice.url, anonKey: choice.anonKey, kind: 'hosted' }
  }
  for (const reason of choice.reasons) log.warn(`[backend] ignoring configuration: ${reason}`)

  const dataDir = backendDataDir(deps.userDataDir)
  const migrations = migrationsDir({
    isPackaged: deps.isPackaged,
    resourcesPath: deps.resourcesPath,
    appPath: deps.appPath
  })
  const supervisor = createBackendSupervisor({
    log,
    onRestarting: () => deps.notice('The local server stopped unexpectedly and is restarting…'),
    onRestarted: () => deps.notice('The local server is running again.'),
    fork: ({ port }) => {
      const child = deps.fork(
        join(deps.mainDir, 'backend.js'),
        backendLaunchArgs({
          dataDir,
          migrationsDir: migrations,
          port: port ?? 0,
          origins: [deps.rendererOrigin]
        })
      )
      // The backend logs to its stdout and stderr; they become backend.log.
      forwardLines(child.stdout, (line) => deps.backendLog.info(line))
      forwardLines(child.stderr, (line) => deps.backendLog.error(line))
      return child
    },
    onFatal: (error) => deps.showFatal(`The local backend stopped working.\n\n${error.message}`)
  })
  deps.onSupervisor(supervisor)
  const endpoint = await supervisor.start()
  log.info(`[backend] local backend ready at ${endpoint.url}`)
  return { ...endpoint, kind: 'local' }
}
