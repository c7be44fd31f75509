// One argument parser for both ways the local backend starts: `npm run backend -- [--port N]
// [--data DIR | --memory] [--confirm-emails] [--origin URL]`, and the desktop app's
// utilityProcess, which main starts with `--data= --migrations= --port= --origin=`
// (src/shared/backend-protocol.ts builds those).

import { parseArgs } from 'node:util'

export interface BackendArgs {
  port?: number
  /** null means in memory (--memory). */
  dataDir?: string | null
  migrationsDir?: string
  enableConfirmations: boolean
  /** Browser origins allowed to call the backend (--origin, repeatable; http/cors.ts). */
  origins: string[]
}

/** What `npm run backend` uses when not told otherwise (the Supabase CLI's port). */
export const DEFAULT_PORT = 54321
export const DEFAULT_DATA_DIR = '.data/local-backend'

export class BackendArgsError extends Error {}

export const USAGE =
  'Usage: npm run backend -- [--port N] [--data DIR | --memory] [--confirm-emails] [--origin URL]...'

function parsePort(text: string): number {
  const port = Number(text)
  if (!/^\d+$/.test(text) || !Number.isInteger(port) || port > 65535) {
    throw new BackendArgsError('--port takes a whole number from 0 to 65535')
  }
  return port
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/**
 * `lenient` ignores arguments it does not know: a utilityProcess's argv also carries Electron's
 * own (the executable, `--type=utility`, Chromium switches).
 */
export function parseBackendArgs(
  argv: readonly string[],
  { lenient = false }: { lenient?: boolean } = {}
): BackendArgs {
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: !lenient,
      allowPositionals: lenient,
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        memory: { type: 'boolean' },
        migrations: { type: 'string' },
        'confirm-emails': { type: 'boolean' },
        origin: { type: 'string', multiple: true }
      }
    }))
  } catch (error) {
    // parseArgs says what is wrong ("Unknown option '--x'", "Option '--port <value>' argument
    // missing"); its codes are ERR_PARSE_ARGS_*.
    throw new BackendArgsError((error as Error).message)
  }
  const [port, data, migrations] = [text(values.port), text(values.data), text(values.migrations)]
  if (data !== undefined && values.memory === true) {
    throw new BackendArgsError('Use either --data DIR or --memory, not both')
  }
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  const args: BackendArgs = {
    enableConfirmations: values['confirm-emails'] === true,
    origins: strings(values.origin)
  }
  if (port !== undefined) args.port = parsePort(port)
  if (values.memory === true) args.dataDir = null
  else if (data !== undefined) args.dataDir = data
  if (migrations !== undefined) args.migrationsDir = migrations
  return args
}
