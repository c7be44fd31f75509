// How a failed send is handled: try again later (the server could not be reached or had a
// passing fault), drop it because its post is gone, or drop it because the server refused it.

import { POST_GONE_MESSAGE } from '../../services/rules'
import { messageOr } from '@shared/errors'
import { isNetworkError } from '../connectivityStore'

export type FailureKind = 'retry' | 'gone' | 'refused'

/** Node's fetch (main, in the desktop app) words a connection failure this way. */
const UNREACHABLE_MESSAGE = /fetch failed|timed? ?out|ECONNREFUSED|ECONNRESET/i
/** A 5xx answer: the backend is starting, overloaded or behind a failing proxy. */
const SERVER_FAULT_MESSAGE = /\b50[234]\b|bad gateway|service unavailable|gateway timeout/i
/**
 * What the action was about (a post, a person) was deleted meanwhile: the foreign key to it
 * fails, or the like RPC says so.
 */
const TARGET_GONE = /violates foreign key constraint/i

export function classifyFailure(error: unknown): FailureKind {
  if (isNetworkError(error)) return 'retry'
  const message = messageOr(error, '')
  if (UNREACHABLE_MESSAGE.test(message) || SERVER_FAULT_MESSAGE.test(message)) return 'retry'
  if (message.includes(POST_GONE_MESSAGE) || TARGET_GONE.test(message)) return 'gone'
  return 'refused'
}

export interface BackoffOptions {
  baseMs: number
  capMs: number
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, capMs: 60_000 }

/**
 * The wait before retry number `attempts` (1 = first retry): doubling from `baseMs`, at most
 * `capMs`, and "equal jitter" (half fixed, half random) so clients that lost the server at the
 * same moment do not all come back in the same instant.
 */
export function backoffDelay(
  attempts: number,
  random: () => number = Math.random,
  { baseMs, capMs }: BackoffOptions = DEFAULT_BACKOFF
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(attempts - 1, 0))
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}
