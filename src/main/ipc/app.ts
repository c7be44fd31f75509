// app:get-config — which backend the renderer talks to, and whether tokens are encrypted.

import type { AppConfig } from '../../shared/bridge-contract'
import type { Handle } from './handle'
import { noPayload } from './schemas'

export function registerAppIpc(
  handle: Handle,
  getConfig: () => AppConfig | Promise<AppConfig>
): void {
  handle('app:get-config', noPayload, () => getConfig())
}
