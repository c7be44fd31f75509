import { describe, expect, it } from 'vitest'
import { POST_GONE_MESSAGE } from '@shared/data/likes'
import { backoffDelay, classifyFailure } from './failures'

describe('outbox failures', () => {
  it('retries network failures and 5xx answers, drops deleted targets and refusals', () => {
    expect(classifyFailure(new TypeError('Failed to fetch'))).toBe('retry')
    expect(classifyFailure(new Error('Failed to save post: TypeError: fetch failed'))).toBe('retry')
    expect(classifyFailure(new Error('Upload failed: 503 Service Unavailable'))).toBe('retry')
    expect(classifyFailure(new Error(POST_GONE_MESSAGE))).toBe('gone')
    expect(
      classifyFailure(
        new Error(
          'Couldn\'t add your comment: insert or update on table "comments" violates foreign key constraint'
        )
      )
    ).toBe('gone')
    expect(classifyFailure(new Error('Caption must be at most 500 characters'))).toBe('refused')
  })

  it('doubles the wait up to the cap, with half of it random', () => {
    const options = { baseMs: 1_000, capMs: 30_000 }
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => backoffDelay(n, () => 1, options))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000
    ])
    expect(backoffDelay(3, () => 0, options)).toBe(2_000)
    expect(backoffDelay(3, () => 0.5, options)).toBe(3_000)
  })
})
