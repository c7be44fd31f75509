// What main serves once the backend is known: the signed-in accounts' sessions (stored with the OS's secret store
// where there is one) over main's supabase-js client, and the config the page asks for.

import { AUTH_CALLBACK_URL } from '../../shared/auth-links'
import type { AppConfig } from '../../shared/bridge-contract'
import type { AuthSnapshot } from '../../shared/auth-snapshot'
import type { Logger } from '../../shared/logger'
import { AccountSessions } from '../../shared/data/accounts'
import type { ResolvedBackend } from '../backend/resolve-backend'
import { createMainClient } from './client'
import { chooseSessionStorage } from './secret-storage'

export interface MainServices {
  /** Every signed-in account; calls act as the current one. */
  auth: AccountSessions
  config: AppConfig
}

export interface StartServicesDeps {
  backend(): Promise<ResolvedBackend>
  /** Electron's safeStorage and an electron-store for the session, as chooseSessionStorage takes. */
  secrets: Omit<Parameters<typeof chooseSessionStorage>[0], 'log'>
  version: string
  /** Where every session change goes (the page, the tray). */
  emit(snapshot: AuthSnapshot): void
  log: Logger
}

/** The backend (possibly a first-run database set-up) and the session behind it. */
export async function startServices(deps: StartServicesDeps): Promise<MainServices> {
  const backend = await deps.backend()
  const storage = await chooseSessionStorage({ ...deps.secrets, log: deps.log })
  const auth = new AccountSessions({
    storage: storage.storage,
    createClient: (slot) => createMainClient(backend, slot),
    emit: deps.emit,
    log: deps.log,
    // A sign-up's confirmation link opens the app (shared/auth-links.ts).
    emailRedirectTo: AUTH_CALLBACK_URL
  })
  void auth.start()
  return {
    auth,
    config: {
      backendUrl: backend.url,
      anonKey: backend.anonKey,
      backendKind: backend.kind,
      version: deps.version,
      secretStorageWarning: storage.warning
    }
  }
}
