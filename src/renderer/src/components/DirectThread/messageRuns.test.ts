import { describe, expect, it } from 'vitest'
import { makeDirectMessage } from '../../testing/factories'
import type { DirectPerson } from '../../services/types'
import { senderShown } from './messageRuns'

const ana: DirectPerson = {
  id: 'ana',
  username: 'ana',
  full_name: null,
  avatar_url: null,
  last_read_at: null
}

describe('message runs', () => {
  it("shows the other person's avatar once per run, at its last message, never one's own", () => {
    const senders = ['ana', 'ana', 'me', 'ana', 'me', 'me', 'ana']
    const messages = senders.map((sender, n) =>
      makeDirectMessage({ id: `m${n}`, sender_id: sender })
    )
    const shown = messages.map((_, index) => senderShown(messages, index, [ana])?.id ?? null)
    expect(shown).toEqual([null, 'ana', null, 'ana', null, null, 'ana'])
  })
})
