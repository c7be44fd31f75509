import { describe, expect, it } from 'vitest'
import { CliUsageError, DEFAULT_DATA_DIR, parseCliArgs } from '../../../src/backend/cli-args'

describe('backend CLI arguments', () => {
  it('defaults to port 54321 and a data folder', () => {
    expect(parseCliArgs([])).toEqual({
      port: 54321,
      dataDir: DEFAULT_DATA_DIR,
      enableConfirmations: false
    })
  })

  it('takes --port, --data, --memory and --confirm-emails', () => {
    expect(parseCliArgs(['--port', '0', '--memory']).dataDir).toBeNull()
    expect(parseCliArgs(['--data', '/tmp/x']).dataDir).toBe('/tmp/x')
    expect(parseCliArgs(['--confirm-emails']).enableConfirmations).toBe(true)
  })

  it('rejects bad ports, unknown options and --data with --memory', () => {
    expect(() => parseCliArgs(['--port', 'abc'])).toThrow(CliUsageError)
    expect(() => parseCliArgs(['--port', '70000'])).toThrow(CliUsageError)
    expect(() => parseCliArgs(['--port'])).toThrow(CliUsageError)
    expect(() => parseCliArgs(['--frobnicate'])).toThrow(CliUsageError)
    expect(() => parseCliArgs(['--data', 'x', '--memory'])).toThrow(CliUsageError)
  })
})
