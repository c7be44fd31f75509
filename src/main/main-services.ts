// Main's services built from Electron's own pieces: the backend (hosted, or the local one forked
// as a utility process under a supervisor) and the session stored with the OS's secret store.

import { readFileSync } from 'node:fs'
import { app, dialog, safeStorage, utilityProcess } from 'electron'
import Store from 'electron-store'
import type { AuthSnapshot } from '../shared/auth-snapshot'
import { BACKEND_ENV, BACKEND_NODE_FLAGS } from '../shared/backend-protocol'
import type { Logger } from '../shared/logger'
import { resolveBackend, type ResolveBackendDeps } from './backend/resolve-backend'
import { startServices, type MainServices } from './session/start-services'

export interface MainServicesDeps {
  log: Logger
  backendLog: ResolveBackendDeps['backendLog']
  /** A notice for the page (the local server restarting). */
  notice(message: string): void
  /** Where every session change goes. */
  emit(snapshot: AuthSnapshot): void
  onSupervisor: ResolveBackendDeps['onSupervisor']
  /** The window's origin, the one page the local backend lets call it. */
  rendererOrigin: string
}

/** The backend (hosted, or the local one under a supervisor) and the session behind it. */
export function startMainServices(deps: MainServicesDeps): Promise<MainServices> {
  const backend = (): ReturnType<typeof resolveBackend> =>
    resolveBackend({
      userDataDir: app.getPath('userData'),
      isPackaged: app.isPackaged,
      resourcesPath: process.resourcesPath,
      appPath: app.getAppPath(),
      mainDir: __dirname,
      env: process.env,
      buildTime: {
        url: import.meta.env.MAIN_VITE_SUPABASE_URL,
        anonKey: import.meta.env.MAIN_VITE_SUPABASE_ANON_KEY
      },
      readFile: (path) => readFileSync(path, 'utf8'),
      log: deps.log,
      backendLog: deps.backendLog,
      notice: deps.notice,
      fork: (entry, args) =>
        utilityProcess.fork(entry, args, {
          serviceName: 'Instaframe local backend',
          stdio: 'pipe',
          execArgv: [...BACKEND_NODE_FLAGS],
          env: { ...process.env, ...BACKEND_ENV }
        }),
      showFatal: (message) => dialog.showErrorBox('Instaframe', message),
      onSupervisor: deps.onSupervisor,
      rendererOrigin: deps.rendererOrigin
    })
  return startServices({
    backend,
    secrets: { safeStorage, store: new Store({ name: 'session' }), platform: process.platform },
    version: app.getVersion(),
    emit: deps.emit,
    log: deps.log
  })
}
