import { describe, expect, it } from 'vitest'
import { chooseBackend, parseConfigFile } from '../../../src/main/backend/config'
import { migrationsDir } from '../../../src/main/backend/paths'
import { launchFromArgv } from '../../../src/local/utility-entry'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'

const none = { env: {}, configFile: null, buildTime: {} }

describe('chooseBackend', () => {
  it('runs the local backend when nothing is configured', () => {
    expect(chooseBackend(none)).toEqual({ kind: 'local', reasons: [] })
  })
  it('uses a hosted project from the build', () => {
    expect(
      chooseBackend({ ...none, buildTime: { url: 'https://abc.supabase.co', anonKey: 'k' } })
    ).toEqual({
      kind: 'hosted',
      url: 'https://abc.supabase.co',
      anonKey: 'k',
      source: 'build'
    })
  })
  it('prefers the environment, then supabase.json, over the build', () => {
    const all = {
      env: { SUPABASE_URL: 'https://env.supabase.co', SUPABASE_ANON_KEY: 'e' },
      configFile: { url: 'https://file.supabase.co', anonKey: 'f' },
      buildTime: { url: 'https://build.supabase.co', anonKey: 'b' }
    }
    expect(chooseBackend(all)).toMatchObject({
      url: 'https://env.supabase.co',
      source: 'environment'
    })
    expect(chooseBackend({ ...all, env: {} })).toMatchObject({
      url: 'https://file.supabase.co',
      source: 'supabase.json'
    })
  })
  it('reports half or invalid configurations and falls back to local', () => {
    const choice = chooseBackend({
      env: { SUPABASE_URL: 'https://env.supabase.co' },
      configFile: { url: 'javascript:alert(1)', anonKey: 'x' },
      buildTime: {}
    })
    expect(choice.kind).toBe('local')
    expect(choice.kind === 'local' && choice.reasons).toHaveLength(2)
  })
  it('parses supabase.json, tolerating its absence', () => {
    expect(parseConfigFile(() => '{"url":"https://a.b"}')).toEqual({
      value: { url: 'https://a.b' },
      error: null
    })
    expect(
      parseConfigFile(() => {
        throw new Error('ENOENT')
      })
    ).toEqual({ value: null, error: null })
    expect(parseConfigFile(() => '{nope').error).toMatch(/not valid JSON/)
  })
})

describe('local backend paths and options', () => {
  it('ships migrations in resources when packaged and reads the repo folder in dev', () => {
    expect(migrationsDir({ isPackaged: true, resourcesPath: '/r', appPath: '/a' })).toBe(
      join('/r', 'migrations')
    )
    expect(migrationsDir({ isPackaged: false, resourcesPath: '/r', appPath: '/a' })).toBe(
      join('/a', 'supabase', 'migrations')
    )
  })
  it('a packaged app ships config.toml where the backend looks for it, beside the migrations', () => {
    const builder = createRequire(__filename)('../../../electron-builder.config.cjs') as {
      extraResources: { from: string; to: string }[]
    }
    const shipped = Object.fromEntries(builder.extraResources.map(({ from, to }) => [from, to]))
    const packaged = migrationsDir({ isPackaged: true, resourcesPath: '/r', appPath: '/a' })
    expect(join('/r', shipped['supabase/migrations'])).toBe(packaged)
    // server.ts reads resolve(migrationsDir, '..', 'config.toml').
    expect(join('/r', shipped['supabase/config.toml'])).toBe(resolve(packaged, '..', 'config.toml'))
  })
  it('the utility entry reads its launch options from argv, or waits for a start message', () => {
    expect(launchFromArgv(['x', '--data=/d', '--migrations=/m', '--port=5432'])).toEqual({
      dataDir: '/d',
      migrationsDir: '/m',
      port: 5432
    })
    expect(launchFromArgv(['x', '--port=99999'])).toEqual({})
    expect(launchFromArgv(['x', '--data=/d', '--origin=app://instaframe'])).toEqual({
      dataDir: '/d',
      origins: ['app://instaframe']
    })
  })
})
