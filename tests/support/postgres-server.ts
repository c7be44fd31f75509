// A throwaway PostgreSQL 15 server for tests: initdb in a temporary folder, on a free port,
// run as the postgres user when we are root (initdb refuses to run as root).

import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin'

export interface PostgresServer {
  /** Connection string for the `postgres` database as the superuser. */
  url: string
  port: number
  stop(): void
}

export function postgresAvailable(): boolean {
  return existsSync(join(POSTGRES_BIN, 'initdb')) && existsSync(join(POSTGRES_BIN, 'pg_ctl'))
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

function asPostgresUser(command: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0
  const [file, fullArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args]
  execFileSync(file, fullArgs, { stdio: 'pipe' })
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pg15-'))
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  const dataDir = join(dir, 'data')
  const port = await freePort()
  asPostgresUser(join(POSTGRES_BIN, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync'
  ])
  asPostgresUser(join(POSTGRES_BIN, 'pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    join(dir, 'server.log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`
  ])
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      try {
        asPostgresUser(join(POSTGRES_BIN, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
}
