// The page's data traffic to the backend: what it sends (for "this action costs one request"
// assertions) and when it has gone quiet (so background reads of an earlier step are not
// counted against the next one).

import type { Page, Request } from '@playwright/test'
import { e2eEnv } from './backend'

/** A data request to the backend: not a CORS preflight, not a photo loading for display. */
function isBackendData(request: Request, apiOrigin: string): boolean {
  const url = new URL(request.url())
  const photoLoad = url.pathname.startsWith('/storage/v1/object/public/')
  return url.origin === apiOrigin && request.method() !== 'OPTIONS' && !photoLoad
}

/** The feed flushes the posts seen on its own timer (every 3 s), whatever a click did. */
const FEED_TIMER_REQUEST = 'POST /rest/v1/rpc/mark_posts_seen'

/**
 * Every data request the page sends to the backend from now until `stop()`, as "METHOD /path"
 * (query strings left out), in the order sent. Photos loading for display and the feed's timed
 * seen-marks flush are not counted: neither is what an action sends.
 */
export function recordBackendRequests(page: Page): { stop(): string[] } {
  const apiOrigin = new URL(e2eEnv().apiUrl).origin
  const seen: string[] = []
  const listener = (request: Request): void => {
    if (isBackendData(request, apiOrigin)) {
      seen.push(`${request.method()} ${new URL(request.url()).pathname}`)
    }
  }
  page.on('request', listener)
  return {
    stop() {
      page.off('request', listener)
      return seen.filter((request) => request !== FEED_TIMER_REQUEST)
    }
  }
}

export interface BackendTraffic {
  /**
   * Resolves once no data request is in flight and none was sent or answered for `quietMs`:
   * reads that follow other reads (a card's "Liked by" after the suggested posts arrived) are
   * waited for too.
   */
  quiet(quietMs?: number): Promise<void>
  stop(): void
}

/** Starts watching the page's backend traffic; start it before the step whose reads to wait for. */
export function watchBackendTraffic(page: Page): BackendTraffic {
  const apiOrigin = new URL(e2eEnv().apiUrl).origin
  const inFlight = new Set<Request>()
  let lastActivity = Date.now()
  const sent = (request: Request): void => {
    if (!isBackendData(request, apiOrigin)) return
    inFlight.add(request)
    lastActivity = Date.now()
  }
  const ended = (request: Request): void => {
    if (inFlight.delete(request)) lastActivity = Date.now()
  }
  page.on('request', sent)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return {
    async quiet(quietMs = 750) {
      while (inFlight.size > 0 || Date.now() - lastActivity < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    stop() {
      page.off('request', sent)
      page.off('requestfinished', ended)
      page.off('requestfailed', ended)
    }
  }
}
