// Messages between main and the local backend's utilityProcess (src/backend/utility-entry.ts).

export interface BackendReadyMessage {
  type: 'ready'
  url: string
  anonKey: string
}

export interface BackendErrorMessage {
  type: 'error'
  message: string
}

export type BackendToMain = BackendReadyMessage | BackendErrorMessage

export interface BackendStartMessage {
  type: 'start'
  dataDir: string
  migrationsDir: string
  port?: number
}

export type MainToBackend = BackendStartMessage | { type: 'shutdown' }

export function isBackendMessage(value: unknown): value is BackendToMain {
  if (!value || typeof value !== 'object') return false
  const message = value as Record<string, unknown>
  if (message.type === 'ready') {
    return typeof message.url === 'string' && typeof message.anonKey === 'string'
  }
  return message.type === 'error' && typeof message.message === 'string'
}
