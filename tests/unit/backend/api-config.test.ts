import { describe, expect, it } from 'vitest'
import { DEFAULT_API_CONFIG, parseApiConfig } from '../../../src/backend/api-config'

describe('API settings from config.toml', () => {
  it('reads schemas and max_rows from [api] only', () => {
    const config = parseApiConfig(`
      project_id = "x"
      [api]
      enabled = true
      schemas = ["public", "graphql_public"] # exposed
      max_rows = 250
      [db]
      max_rows = 5
    `)
    expect(config).toEqual({
      schemas: ['public', 'graphql_public'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 250,
      // The body cap has a key only the local backend reads; without it, the default applies.
      maxRequestBodyBytes: null,
      aggregatesEnabled: false,
      // explain() stays off unless the backend is told otherwise: config.toml has no key for it.
      planEnabled: false
    })
  })

  it('reads max_request_body_bytes, a key only the local backend reads', () => {
    expect(parseApiConfig('[api]\nmax_request_body_bytes = 2097152').maxRequestBodyBytes).toBe(
      2097152
    )
    expect(parseApiConfig('[api]\nmax_request_body_bytes = 0').maxRequestBodyBytes).toBeNull()
  })

  it('keeps the defaults for a missing table, an empty list or values of the wrong type', () => {
    expect(parseApiConfig('')).toEqual(DEFAULT_API_CONFIG)
    expect(parseApiConfig('[api]\nschemas = []\nmax_rows = "many"')).toEqual(DEFAULT_API_CONFIG)
    expect(parseApiConfig('[api]\nmax_rows = -3')).toEqual(DEFAULT_API_CONFIG)
  })
})
