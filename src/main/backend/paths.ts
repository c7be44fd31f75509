// Where the local backend's files are: the migrations ship as extraResources in a packaged
// app (resources/migrations, config.toml beside them) and come from the repo in development.

import { join } from 'node:path'

export function migrationsDir(app: {
  isPackaged: boolean
  resourcesPath: string
  appPath: string
}): string {
  return app.isPackaged
    ? join(app.resourcesPath, 'migrations')
    : join(app.appPath, 'supabase', 'migrations')
}

export function backendDataDir(userData: string): string {
  return join(userData, 'local-backend')
}
