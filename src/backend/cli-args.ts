// Parses `npm run backend -- [--port N] [--data DIR | --memory] [--confirm-emails]`.

export interface CliOptions {
  port: number
  /** null means in memory. */
  dataDir: string | null
  enableConfirmations: boolean
}

export const DEFAULT_PORT = 54321
export const DEFAULT_DATA_DIR = '.data/local-backend'

export class CliUsageError extends Error {}

export const USAGE =
  'Usage: npm run backend -- [--port N] [--data DIR | --memory] [--confirm-emails]'

export function parseCliArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = {
    port: DEFAULT_PORT,
    dataDir: DEFAULT_DATA_DIR,
    enableConfirmations: false
  }
  let sawData = false
  let sawMemory = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = (): string => {
      const next = argv[++i]
      if (next === undefined || next.startsWith('--'))
        throw new CliUsageError(`${arg} needs a value`)
      return next
    }
    switch (arg) {
      case '--port': {
        const port = Number(value())
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          throw new CliUsageError('--port takes a whole number from 0 to 65535')
        }
        options.port = port
        break
      }
      case '--data':
        options.dataDir = value()
        sawData = true
        break
      case '--memory':
        options.dataDir = null
        sawMemory = true
        break
      case '--confirm-emails':
        options.enableConfirmations = true
        break
      default:
        throw new CliUsageError(`Unknown option ${arg}`)
    }
  }
  if (sawData && sawMemory) throw new CliUsageError('Use either --data DIR or --memory, not both')
  return options
}
