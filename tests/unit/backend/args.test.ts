import { describe, expect, it } from 'vitest'
import { BackendArgsError, parseBackendArgs } from '../../../src/backend/args'
import { backendLaunchArgs } from '../../../src/shared/backend-protocol'

describe('backend arguments', () => {
  it('leaves unset what was not given (the CLI and main supply the defaults)', () => {
    expect(parseBackendArgs([])).toEqual({
      enableConfirmations: false,
      origins: []
    })
  })

  it('takes --port, --data, --memory and --confirm-emails, in both spellings', () => {
    expect(parseBackendArgs(['--port', '0', '--memory'])).toEqual({
      port: 0,
      dataDir: null,
      enableConfirmations: false,
      origins: []
    })
    expect(parseBackendArgs(['--data', '/tmp/x']).dataDir).toBe('/tmp/x')
    expect(parseBackendArgs(['--data=/tmp/y', '--port=8080'])).toMatchObject({
      dataDir: '/tmp/y',
      port: 8080
    })
    expect(parseBackendArgs(['--confirm-emails']).enableConfirmations).toBe(true)
  })

  it('takes --origin once per browser origin the backend serves', () => {
    expect(
      parseBackendArgs(['--origin', 'app://instaframe', '--origin=http://localhost:3000']).origins
    ).toEqual(['app://instaframe', 'http://localhost:3000'])
  })

  it('rejects bad ports, unknown options and --data with --memory, saying what is wrong', () => {
    expect(() => parseBackendArgs(['--port', 'abc'])).toThrow(BackendArgsError)
    expect(() => parseBackendArgs(['--port', '70000'])).toThrow('from 0 to 65535')
    expect(() => parseBackendArgs(['--port', '-1'])).toThrow(BackendArgsError)
    expect(() => parseBackendArgs(['--port'])).toThrow(BackendArgsError)
    expect(() => parseBackendArgs(['--frobnicate'])).toThrow(/frobnicate/)
    expect(() => parseBackendArgs(['--data', 'x', '--memory'])).toThrow('not both')
  })

  it('reads what main launches the utilityProcess with, among Electron’s own arguments', () => {
    const launch = {
      dataDir: '/user/data',
      migrationsDir: '/app/migrations',
      port: 0,
      origins: ['app://instaframe']
    }
    const argv = [
      '/opt/app/instaframe',
      '--type=utility',
      ...backendLaunchArgs(launch),
      '--lang=en'
    ]
    expect(parseBackendArgs(argv, { lenient: true })).toEqual({
      dataDir: '/user/data',
      migrationsDir: '/app/migrations',
      port: 0,
      enableConfirmations: false,
      origins: ['app://instaframe']
    })
  })
})
