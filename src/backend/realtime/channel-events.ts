// A joined channel's own messages: `broadcast` (channel.send) and `presence` (track/untrack).
// Answers as hosted Realtime does: `phx_reply` ok (a broadcast only when the join asked for
// `ack`), or `phx_reply` error with the reason when a limit or a policy refuses the message.

import type { Database } from '../db/database'
import { unauthorizedWrite } from './authorization'
import type { Channel } from './channel'
import type { Hub } from './hub'
import { PerSecond, REALTIME_LIMITS } from './limits'
import { payloadBytes, type Frame } from './protocol'

export interface EventContext {
  db: Database
  hub: Hub
  /** This socket's rates: every message, and presence messages on their own. */
  rates: { messages: PerSecond; presence: PerSecond }
  answer(frame: Frame, status: 'ok' | 'error', response?: Record<string, unknown>): void
}

/** One socket's context: its own rates, and how it answers a push. */
export function eventContext(db: Database, hub: Hub, answer: EventContext['answer']): EventContext {
  const rates = {
    messages: new PerSecond(REALTIME_LIMITS.messagesPerSecond),
    presence: new PerSecond(REALTIME_LIMITS.presenceEventsPerSecond)
  }
  return { db, hub, rates, answer }
}

export const TOO_LARGE = `Payload size exceeds tenant limit (${REALTIME_LIMITS.payloadBytes / 1024} KB)`
export const TOO_MANY_MESSAGES = 'Too many messages per second'
const TOO_MANY_PRESENCE = 'Too many presence messages per second'
const TOO_MANY_KEYS = `Too many presence keys: at most ${REALTIME_LIMITS.presenceKeysPerObject} per object`
const ROOM_FULL = `At most ${REALTIME_LIMITS.presencesPerTopic} presences per topic`

const fields = (frame: Frame): Record<string, unknown> =>
  typeof frame.payload === 'object' && frame.payload !== null
    ? (frame.payload as Record<string, unknown>)
    : {}

export async function onBroadcast(
  context: EventContext,
  channel: Channel,
  frame: Frame
): Promise<void> {
  const refuse = (reason: string): void => context.answer(frame, 'error', { reason })
  const { event, payload = {} } = fields(frame)
  if (typeof event !== 'string' || event === '') return refuse('A broadcast needs an event name')
  if (!context.rates.messages.take()) return refuse(TOO_MANY_MESSAGES)
  if (payloadBytes(payload) > REALTIME_LIMITS.payloadBytes) return refuse(TOO_LARGE)
  if (!(await channel.mayWrite(context.db, 'broadcast', event))) {
    return refuse(unauthorizedWrite(channel.subtopic))
  }
  context.hub.broadcast(
    channel.topic,
    channel.isPrivate,
    { event, payload },
    channel,
    channel.options.self
  )
  if (channel.options.ack) context.answer(frame, 'ok')
}

export async function onPresence(
  context: EventContext,
  channel: Channel,
  frame: Frame
): Promise<void> {
  const refuse = (reason: string): void => context.answer(frame, 'error', { reason })
  const { event, payload = {} } = fields(frame)
  if (!context.rates.messages.take() || !context.rates.presence.take()) {
    return refuse(TOO_MANY_PRESENCE)
  }
  if (event === 'untrack') {
    context.hub.untrack(channel)
    return context.answer(frame, 'ok')
  }
  if (event !== 'track') return refuse(`Unknown presence event ${String(event)}: track or untrack`)
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return refuse('A presence payload must be an object')
  }
  if (Object.keys(payload).length > REALTIME_LIMITS.presenceKeysPerObject) {
    return refuse(TOO_MANY_KEYS)
  }
  if (payloadBytes(payload) > REALTIME_LIMITS.payloadBytes) return refuse(TOO_LARGE)
  if (!(await channel.mayWrite(context.db, 'presence', 'track'))) {
    return refuse(unauthorizedWrite(channel.subtopic))
  }
  const payloadObject = payload as Record<string, unknown>
  if (!context.hub.track(channel, channel.options.presenceKey, payloadObject)) {
    return refuse(ROOM_FULL)
  }
  context.answer(frame, 'ok')
}
