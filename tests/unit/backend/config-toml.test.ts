import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  ConfigTomlError,
  parseToml,
  readTomlTable,
  tableAt
} from '../../../src/backend/config-toml'

describe('config.toml reader', () => {
  it('reads nested tables by their dotted path', () => {
    const document = parseToml(`
      project_id = "x"
      [auth]
      enable_signup = true
      jwt_expiry = 3600
      [auth.rate_limit]
      email_sent = 30
      [storage.buckets.images]
      allowed_mime_types = ["image/png", "image/jpeg"]
    `)
    expect(document.project_id).toBe('x')
    expect(tableAt(document, 'auth.rate_limit')).toEqual({ email_sent: 30 })
    expect(tableAt(document, 'storage.buckets')).toEqual({
      images: { allowed_mime_types: ['image/png', 'image/jpeg'] }
    })
    expect(tableAt(document, 'storage.buckets.avatars')).toEqual({})
  })

  it("gives one table's values without its sub-tables", () => {
    const table = readTomlTable(
      '[auth]\nenable_signup = true\n[auth.email]\notp_length = 6',
      'auth'
    )
    expect([...table.entries()]).toEqual([['enable_signup', true]])
  })

  it('keeps a value that contains " #" and reads an array written over several lines', () => {
    const document = parseToml(`
      [auth.email.smtp]
      pass = "hunter2 #not-a-comment" # a comment
      [api]
      schemas = [
        "public",   # the app's tables
        "graphql_public",
      ]
    `)
    expect(tableAt(document, 'auth.email.smtp')).toEqual({ pass: 'hunter2 #not-a-comment' })
    expect([...readTomlTable('[api]\nschemas = [\n  "public",\n  "storage"\n]', 'api')]).toEqual([
      ['schemas', ['public', 'storage']]
    ])
    expect(tableAt(document, 'api').schemas).toEqual(['public', 'graphql_public'])
  })

  it('refuses a file that is not TOML, naming the file and the line', () => {
    const source = '[api]\nport = 54321\nschemas = [public]\n'
    expect(() => readTomlTable(source, 'api', 'supabase/config.toml')).toThrow(ConfigTomlError)
    expect(() => readTomlTable(source, 'api', 'supabase/config.toml')).toThrow(
      /^supabase\/config\.toml:3:\d+: invalid TOML: /
    )
  })

  it("reads the repository's own config.toml", () => {
    const document = parseToml(readFileSync(resolve('supabase/config.toml'), 'utf8'))
    expect(tableAt(document, 'api').schemas).toEqual(expect.arrayContaining(['public']))
  })
})
