// Broadcast over HTTP, as hosted Realtime serves it: realtime-js's `channel.send()` posts here
// when the channel is not joined (`POST /realtime/v1/api/broadcast` with
// `{ messages: [{ topic, event, payload, private }] }`), and `channel.httpSend(event, payload)`
// posts one payload to `/realtime/v1/api/broadcast/<topic>/events/<event>[?private=true]`.
// Both answer 202 once the messages reached the joined channels. The caller acts as its bearer
// token (else its apikey); a private topic needs the INSERT policy on realtime.messages.

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse, type Handler } from '../http/types'
import { bearerToken } from '../http/types'
import type { RequestIdentity } from '../jwt'
import { identifyAccessToken, identifyApiKey, RealtimeAuthError } from './auth'
import { mayWrite, unauthorizedWrite } from './authorization'
import { TOO_LARGE, TOO_MANY_MESSAGES } from './channel-events'
import type { Hub } from './hub'
import { PerSecond, REALTIME_LIMITS } from './limits'
import { payloadBytes } from './protocol'

export const BROADCAST_PATH = '/realtime/v1/api/broadcast'
const ONE_EVENT = /^\/realtime\/v1\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/
/** Addresses whose rate is remembered; past this the oldest windows are forgotten. */
const MAX_ADDRESSES = 10_000

interface Message {
  topic: string
  event: string
  payload: unknown
  isPrivate: boolean
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

const refused = (status: number, message: string): ApiResponse =>
  jsonResponse(status, { error: message, message })

function parseMessage(raw: unknown, index: number): Message {
  const entry = (raw ?? {}) as Record<string, unknown>
  const where = `messages[${index}]`
  if (typeof entry.topic !== 'string' || entry.topic === '') {
    throw new Refusal(400, `${where}.topic must be a non-empty string`)
  }
  if (typeof entry.event !== 'string' || entry.event === '') {
    throw new Refusal(400, `${where}.event must be a non-empty string`)
  }
  if (entry.private !== undefined && typeof entry.private !== 'boolean') {
    throw new Refusal(400, `${where}.private must be true or false`)
  }
  const payload = entry.payload ?? {}
  if (payloadBytes(payload) > REALTIME_LIMITS.payloadBytes) throw new Refusal(413, TOO_LARGE)
  return { topic: entry.topic, event: entry.event, payload, isPrivate: entry.private === true }
}

/** The messages a request carries, in either of the two shapes. */
function messagesOf(request: ApiRequest): Message[] {
  const one = ONE_EVENT.exec(request.url.pathname)
  if (one) {
    const binary = !(request.headers['content-type'] ?? '').includes('json')
    let payload: unknown = request.body
    if (!binary) {
      try {
        payload = JSON.parse(request.body.toString('utf8'))
      } catch {
        throw new Refusal(400, 'The body must be JSON (or application/octet-stream bytes)')
      }
    }
    const [topic, event] = [decodeURIComponent(one[1]), decodeURIComponent(one[2])]
    const isPrivate = request.url.searchParams.get('private') === 'true'
    return [parseMessage({ topic, event, payload, private: isPrivate }, 0)]
  }
  if (request.url.pathname !== BROADCAST_PATH) {
    throw new Refusal(404, `No route for ${request.url.pathname}`)
  }
  let body: unknown
  try {
    body = JSON.parse(request.body.toString('utf8') || '{}')
  } catch {
    throw new Refusal(400, 'The body must be JSON: { "messages": [...] }')
  }
  const list = (body as { messages?: unknown } | null)?.messages
  if (!Array.isArray(list)) throw new Refusal(400, 'The body needs messages: a list')
  if (list.length > REALTIME_LIMITS.messagesPerRequest) {
    throw new Refusal(400, `At most ${REALTIME_LIMITS.messagesPerRequest} messages per request`)
  }
  return list.map(parseMessage)
}

async function identify(context: BackendContext, request: ApiRequest): Promise<RequestIdentity> {
  try {
    const key = await identifyApiKey(context.keys, request.headers['apikey'] ?? null)
    return await identifyAccessToken(context.keys, bearerToken(request), key)
  } catch (error) {
    if (error instanceof RealtimeAuthError) throw new Refusal(401, error.message)
    throw error
  }
}

export function createBroadcastApi(context: BackendContext, hub: Hub): Handler {
  const rates = new Map<string, PerSecond>()
  const rateOf = (address: string): PerSecond => {
    let rate = rates.get(address)
    if (!rate) {
      if (rates.size >= MAX_ADDRESSES) rates.clear()
      rate = new PerSecond(REALTIME_LIMITS.messagesPerSecond)
      rates.set(address, rate)
    }
    return rate
  }
  return async (request) => {
    try {
      if (request.method !== 'POST') throw new Refusal(405, 'Broadcast takes POST')
      const identity = await identify(context, request)
      const messages = messagesOf(request)
      if (!rateOf(request.remoteAddress).take(messages.length)) {
        throw new Refusal(429, TOO_MANY_MESSAGES)
      }
      const checked = new Set<string>()
      for (const { topic, event, isPrivate } of messages) {
        if (!isPrivate || checked.has(`${topic}\0${event}`)) continue
        if (!(await mayWrite(context.db, identity, topic, 'broadcast', event))) {
          throw new Refusal(403, unauthorizedWrite(topic))
        }
        checked.add(`${topic}\0${event}`)
      }
      for (const message of messages) {
        const { event, payload } = message
        hub.broadcast(`realtime:${message.topic}`, message.isPrivate, { event, payload })
      }
      return jsonResponse(202, {})
    } catch (error) {
      if (error instanceof Refusal) return refused(error.status, error.message)
      throw error
    }
  }
}
