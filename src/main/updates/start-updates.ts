// Glue: starts the update service over electron-updater's autoUpdater when this run may update
// (see updatesEnabled); returns null, after logging why, when it may not.

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { app } from 'electron'
import type { Logger as ElectronLogger } from 'electron-log'
import { autoUpdater } from 'electron-updater'
import type { UpdateState } from '../../shared/bridge-contract'
import type { Logger } from '../../shared/logger'
import { createUpdateService, updatesEnabled, type UpdateService } from './update-service'

export function startUpdates(deps: {
  log: Logger
  /** electron-updater logs through it, so its messages are redacted like the app's. */
  updaterLog: ElectronLogger
  onState(state: UpdateState): void
}): UpdateService | null {
  const decision = updatesEnabled({
    isPackaged: app.isPackaged,
    // electron-builder writes app-update.yml only when the build was given a publish provider.
    hasFeed: app.isPackaged && existsSync(join(process.resourcesPath, 'app-update.yml')),
    env: process.env
  })
  if (!decision.enabled) {
    deps.log.info(`[updates] off: ${decision.reason}`)
    return null
  }
  autoUpdater.logger = deps.updaterLog
  const service = createUpdateService({
    updater: autoUpdater,
    log: deps.log,
    onState: deps.onState
  })
  service.start()
  return service
}
