import { describe, expect, it } from 'vitest'
import { parseToml, readTomlTable, tableAt } from '../../../src/backend/config-toml'

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

  it('ignores lines it cannot read instead of guessing', () => {
    const table = readTomlTable('[api]\nschemas = [public]\nport = 54321\nbad line', 'api')
    expect([...table.entries()]).toEqual([['port', 54321]])
  })
})
