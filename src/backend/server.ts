// The local Supabase-compatible backend: auth, REST, storage and realtime on one port, over PGlite or a
// PostgreSQL server. Used by the desktop app (in a utilityProcess), `npm run backend`,
// `npm run start:web` and the tests.

import type { Server } from 'node:http'
import { join, resolve } from 'node:path'
import { loadApiConfig } from './api-config'
import { createAuthApi } from './auth'
import { PasswordPool } from './auth/password-pool'
import { loadEmailSettings } from './auth/email-config'
import { loadAuthConfig } from './auth/config'
import {
  DEFAULT_CONFIG,
  DEFAULT_REST_LIMITS,
  type BackendConfig,
  type BackendContext
} from './context'
import { asDataDirError, prepareDataDir } from './data-dir'
import type { Database } from './db/database'
import { openDatabase, type DatabaseOptions } from './db/open'
import { CorsPolicy, corsOriginsFromEnv, DEV_ORIGINS } from './http/cors'
import { createGateway } from './http/gateway'
import { admitUpgrades, createHttpServer, listen, type HttpStages } from './http/server'
import { jsonResponse, type Handler } from './http/types'
import { Mailbox } from './mail/mailbox'
import { createMailboxApi, isMailboxPath } from './mail/mailbox-http'
import { loadOrCreateJwtSecret, signApiKey, type JwtKeys } from './jwt'
import { startRealtime, type RealtimeServer } from './realtime'
import { BROADCAST_PATH } from './realtime/broadcast-http'
import { createRestApi } from './rest'
import { createStorageApi } from './storage'
import { createByteStore } from './storage/byte-store'
import { loadStorageConfig } from './storage/config'
import { sweepStrayFiles } from './storage/sweep'
import { loadOrCreateSigningKey } from './signing-keys'

export interface BackendOptions {
  /** 0 picks a free port. */
  port?: number
  host?: string
  /** Data folder for PGlite, the JWT secret, stored files and the mailbox; null for memory only. */
  dataDir: string | null
  /** Use a PostgreSQL server instead of PGlite. */
  databaseUrl?: string
  migrationsDir: string
  config?: Partial<BackendConfig>
  /** A migrated PGlite data directory to start a new database from (see DatabaseOptions). */
  pgliteSnapshot?: ArrayBuffer
  /**
   * How the database is opened: `openDatabase` unless a bench measures another way (PGlite on
   * the backend's own thread, tests/bench/placement-child.ts).
   */
  openDatabase?: (options: DatabaseOptions) => Promise<Database>
}

export interface RunningBackend {
  url: string
  port: number
  anonKey: string
  serviceRoleKey: string
  db: Database
  context: BackendContext
  /** Lets a browser page at `origin` call the backend (e.g. a web build on a free port). */
  allowOrigin(origin: string): void
  /** Every mail the auth server sent (the /mailbox page). */
  mailbox: Mailbox
  realtime: RealtimeServer
  close(): Promise<void>
}

function route(
  auth: Handler,
  rest: Handler,
  storage: Handler,
  mailbox: Handler,
  broadcast: Handler
): Handler {
  return async (request) => {
    const path = request.url.pathname
    if (isMailboxPath(path)) return mailbox(request)
    if (path.startsWith('/auth/v1/')) return auth(request)
    if (path.startsWith('/rest/v1/') || path === '/rest/v1') return rest(request)
    if (path.startsWith('/storage/v1/')) return storage(request)
    // realtime-js falls back to this HTTP endpoint for broadcasts sent outside a joined channel.
    if (path.startsWith(BROADCAST_PATH)) return broadcast(request)
    if (path === '/' || path === '/health') return jsonResponse(200, { status: 'ok' })
    return jsonResponse(404, { code: 'not_found', message: `No route for ${path}` })
  }
}

export async function startBackend(options: BackendOptions): Promise<RunningBackend> {
  const dataDir = options.dataDir
  // Before anything starts, so a bad INSTAFRAME_CORS_ORIGINS stops the start with its message.
  const cors = new CorsPolicy([
    ...(options.config?.corsOrigins ?? DEV_ORIGINS),
    ...corsOriginsFromEnv(process.env.INSTAFRAME_CORS_ORIGINS)
  ])
  // supabase/config.toml sits beside the migrations (in the repository and in a packaged app);
  // without one the defaults apply. Its [api] max_rows bounds every level of a REST response, and
  // max_request_body_bytes every write or rpc body.
  const configToml = resolve(options.migrationsDir, '..', 'config.toml')
  const api = options.config?.api ?? loadApiConfig(configToml)
  const auth = options.config?.auth ?? loadAuthConfig(configToml)
  const bucketRules = options.config?.storage ?? loadStorageConfig(configToml)
  const maxRows = api.maxRows ?? DEFAULT_REST_LIMITS.maxRows
  const maxRequestBodyBytes = api.maxRequestBodyBytes ?? DEFAULT_REST_LIMITS.maxRequestBodyBytes
  const rest = { ...DEFAULT_REST_LIMITS, maxRows, maxRequestBodyBytes, ...options.config?.rest }
  if (dataDir) await prepareDataDir(dataDir)
  let db: Database
  try {
    db = await (options.openDatabase ?? openDatabase)({
      databaseUrl: options.databaseUrl,
      dataDir: dataDir && !options.databaseUrl ? join(dataDir, 'pgdata') : undefined,
      migrationsDir: options.migrationsDir,
      maxWaitingRequests: rest.maxWaitingRequests,
      pgliteSnapshot: options.pgliteSnapshot
    })
  } catch (error) {
    // A disk that fills up while PGlite initialises fails deep in its file system.
    throw (dataDir && asDataDirError(dataDir, error)) || error
  }
  let url = ''
  const keys: JwtKeys = {
    secret: await loadOrCreateJwtSecret(dataDir ? join(dataDir, 'jwt-secret') : null),
    issuer: 'instaframe-local',
    signing: await loadOrCreateSigningKey(dataDir ? join(dataDir, 'signing-key.json') : null)
  }
  const config: BackendConfig = {
    ...DEFAULT_CONFIG,
    storageDir: dataDir ? join(dataDir, 'storage') : null,
    mailboxDir: dataDir ? join(dataDir, 'mailbox') : null,
    // [auth.email] of the config.toml beside the migrations, as for [api].
    email: loadEmailSettings(resolve(options.migrationsDir, '..', 'config.toml')),
    transformCacheDir: dataDir ? join(dataDir, 'transform-cache') : null,
    resumableUploadDir: dataDir ? join(dataDir, 'resumable-uploads') : null,
    ...options.config,
    api,
    auth,
    storage: bucketRules,
    rest
  }
  // Its threads start with the first password to hash (none before the server listens).
  const passwords = new PasswordPool()
  const context: BackendContext = { db, keys, passwords, config, publicUrl: () => url }
  let mailbox: Mailbox
  try {
    mailbox = await Mailbox.open(config.mailboxDir)
  } catch (error) {
    await db.close()
    throw error
  }
  const store = createByteStore(config.storageDir)
  // A crash mid-upload leaves files that no object row describes, which no client can remove.
  const sweep = async (atStart: boolean): Promise<void> => {
    if (config.orphanGraceMinutes < 0) return
    try {
      const strayFiles = await sweepStrayFiles(context, {
        graceMinutes: config.orphanGraceMinutes,
        atStart
      })
      if (strayFiles > 0) {
        console.warn(`[storage] removed ${strayFiles} stray file(s) left by an interrupted upload`)
      }
    } catch (error) {
      // Never a reason not to start: the files only cost disk space until the next sweep.
      console.error('[storage] stray-file sweep failed', error)
    }
  }
  await sweep(true)
  const sweepTimer = setInterval(() => void sweep(false), 60 * 60 * 1000)
  sweepTimer.unref()
  const stages: HttpStages = {
    cors,
    gateway: createGateway(keys),
    // The mailbox holds sign-in links: no page of another origin may ever read it.
    withoutCors: isMailboxPath
  }
  // Resumable uploads in progress live in a folder until close() (storage/resumable-store.ts).
  const storage = createStorageApi(context, store)
  const server: Server = createHttpServer(
    route(
      createAuthApi(context, { mailbox }),
      createRestApi(context),
      storage,
      // A real mail server delivers the mails: then there is no mailbox to read at all.
      createMailboxApi(mailbox, { cors, enabled: config.email.smtp === null }),
      // Realtime starts after the HTTP server is made; no request arrives before it listens.
      (request) => realtime.broadcastApi(request)
    ),
    stages
  )
  let realtime: RealtimeServer
  try {
    realtime = await startRealtime(context, cors)
  } catch (error) {
    clearInterval(sweepTimer)
    await storage.close()
    await db.close()
    throw error
  }
  admitUpgrades(server, stages, (request, socket, head) =>
    realtime.handleUpgrade(request, socket, head)
  )
  const host = options.host ?? '127.0.0.1'
  let port: number
  try {
    port = await listen(server, options.port ?? 0, host)
  } catch (error) {
    clearInterval(sweepTimer)
    await realtime.close()
    await storage.close()
    await db.close()
    throw error
  }
  url = `http://${host}:${port}`
  const [anonKey, serviceRoleKey] = await Promise.all([
    signApiKey(keys, 'anon'),
    signApiKey(keys, 'service_role')
  ])
  return {
    url,
    port,
    anonKey,
    serviceRoleKey,
    db,
    context,
    allowOrigin: (origin) => cors.allow(origin),
    mailbox,
    realtime,
    async close() {
      clearInterval(sweepTimer)
      await realtime.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await storage.close()
      await passwords.close()
      await db.close()
    }
  }
}
