import { describe, expect, it } from 'vitest'
import { raisedErrorResponse } from '../../../../src/backend/rest/raised-error'

const BODY = JSON.stringify({ code: 'X1', message: 'Nope' })

describe("raise sqlstate 'PGRST'", () => {
  it('keeps well-formed headers and drops ones Node could not send or that frame the body', () => {
    const response = raisedErrorResponse(
      BODY,
      JSON.stringify({
        status: 418,
        headers: {
          'X-Kept': 'yes',
          'Bad Name': 'x',
          'X-Split': 'a\r\nSet-Cookie: evil=1',
          'Content-Length': '1'
        }
      })
    )
    expect(response.status).toBe(418)
    expect(response.headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'x-kept': 'yes'
    })
    expect(JSON.parse(String(response.body))).toEqual({
      code: 'X1',
      details: null,
      hint: null,
      message: 'Nope'
    })
  })

  it('is PGRST121 for a missing or unusable DETAIL', () => {
    expect(JSON.parse(String(raisedErrorResponse(BODY, undefined).body))).toMatchObject({
      code: 'PGRST121',
      details: 'DETAIL is missing in the RAISE statement'
    })
    const outOfRange = raisedErrorResponse(BODY, '{"status": 42, "headers": {}}')
    expect(outOfRange.status).toBe(500)
    expect(JSON.parse(String(outOfRange.body)).details).toBe(
      `Invalid JSON value for DETAIL: '{"status": 42, "headers": {}}'`
    )
  })
})
