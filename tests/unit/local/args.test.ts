import { describe, expect, it } from 'vitest'
import { BackendArgsError, parseBackendArgs } from '../../../src/backend/args'
import { splitStackArgs } from '../../../src/local/args'

describe('npm run backend: the local stack’s own arguments', () => {
  it('takes --moderator once per account to make a moderator', () => {
    expect(
      splitStackArgs(['--moderator', 'ana@example.test', '--moderator=bo@example.test']).moderators
    ).toEqual(['ana@example.test', 'bo@example.test'])
  })

  it('leaves every other argument to the backend, in order', () => {
    const { backendArgv } = splitStackArgs(['--port', '0', '--moderator', 'a@x.test', '--memory'])
    expect(backendArgv).toEqual(['--port', '0', '--memory'])
    expect(parseBackendArgs(backendArgv)).toMatchObject({ port: 0, dataDir: null })
  })

  it('says what --moderator needs when its email is missing', () => {
    expect(() => splitStackArgs(['--moderator'])).toThrow(BackendArgsError)
    expect(() => splitStackArgs(['--moderator'])).toThrow('--moderator takes an email')
  })

  it('leaves --moderator unknown to the backend itself', () => {
    expect(() => parseBackendArgs(['--moderator', 'a@x.test'])).toThrow(BackendArgsError)
  })
})
