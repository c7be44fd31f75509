// The app's local stack: the generic Supabase-compatible backend (src/backend), plus the jobs a
// hosted project of this app runs as scheduled Edge Functions (housekeeping/). The desktop app's
// utilityProcess, `npm run backend` and `npm run start:web` start it through here.

import { startBackend, type BackendOptions, type RunningBackend } from '../backend/server'
import { DEFAULT_HOUSEKEEPING, startHousekeeping, type Housekeeping } from './housekeeping'

export interface LocalStack extends RunningBackend {
  housekeeping: Housekeeping
}

export async function startLocalStack(options: BackendOptions): Promise<LocalStack> {
  const backend = await startBackend(options)
  let housekeeping: Housekeeping
  try {
    housekeeping = await startHousekeeping({
      ...DEFAULT_HOUSEKEEPING,
      url: backend.url,
      serviceRoleKey: backend.serviceRoleKey,
      // The backend's grace for row-less files is the app's grace for unreferenced uploads.
      graceMinutes: backend.context.config.orphanGraceMinutes
    })
  } catch (error) {
    await backend.close()
    throw error
  }
  return {
    ...backend,
    housekeeping,
    async close() {
      await housekeeping.close()
      await backend.close()
    }
  }
}
