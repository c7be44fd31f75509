// The one way a main-process IPC handler is registered. Every call is checked in this order,
// before the handler does any work: (a) the sender is the main frame of our own window showing
// our renderer, (b) the payload has the contract's shape, then (c) the handler runs and its
// outcome becomes a BridgeResult (Electron would rewrite a thrown error's message).

import type { z } from 'zod'
import type { BridgeResult, InvokeChannel, InvokeContract } from '../../shared/bridge-contract'
import { messageOr } from '../../shared/errors'
import type { Logger } from '../../shared/logger'

/** The parts of Electron's WebFrameMain the check reads. */
export interface FrameLike {
  readonly url: string
  readonly parent: FrameLike | null
}

/** The parts of IpcMainInvokeEvent the check reads. */
export interface InvokeEventLike {
  readonly sender: unknown
  readonly senderFrame: FrameLike | null
}

export interface IpcMainLike {
  handle(
    channel: string,
    listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>
  ): void
}

export interface TrustedWebContents {
  readonly mainFrame: unknown
}

export interface SenderPolicy {
  /** Our window's webContents; null before it exists or after it has closed. */
  trustedWebContents(): TrustedWebContents | null
  isRendererUrl(url: string): boolean
}

export type Request<C extends InvokeChannel> = InvokeContract[C]['request']
export type Response<C extends InvokeChannel> = InvokeContract[C]['response']

export type Handler<C extends InvokeChannel> = (
  request: Request<C>,
  event: InvokeEventLike
) => Promise<Response<C>> | Response<C>

export interface HandleOptions {
  /** The action's fallback when an error carries no message (e.g. 'Failed to create post'). */
  fallbackMessage?: string
}

export type Handle = <C extends InvokeChannel>(
  channel: C,
  schema: z.ZodType<Request<C>>,
  handler: Handler<C>,
  options?: HandleOptions
) => void

export const REFUSED_SENDER_MESSAGE = 'Request refused: it did not come from the app window'
export const INVALID_REQUEST_MESSAGE = 'Invalid request'
const DEFAULT_FALLBACK = 'Something went wrong'

/** Why a sender is not trusted, or null when it is. */
export function senderRejection(event: InvokeEventLike, policy: SenderPolicy): string | null {
  const frame = event.senderFrame
  // senderFrame is null when the frame navigated away or was destroyed mid-call.
  if (!frame) return 'no sender frame'
  const contents = policy.trustedWebContents()
  if (!contents || event.sender !== contents) return 'sender is not the app window'
  let mainFrame: unknown
  try {
    mainFrame = contents.mainFrame
  } catch {
    return 'app window is gone'
  }
  if (frame.parent !== null || frame !== mainFrame) return 'sender is a subframe'
  if (!policy.isRendererUrl(frame.url)) return `sender URL is not the app (${frame.url})`
  return null
}

export function createHandle(deps: {
  ipcMain: IpcMainLike
  policy: SenderPolicy
  log: Logger
}): Handle {
  const registered = new Set<string>()
  return (channel, schema, handler, options = {}) => {
    // Each domain module registers once; a second registration is a wiring bug, not a retry.
    if (registered.has(channel)) throw new Error(`IPC channel registered twice: ${channel}`)
    registered.add(channel)
    deps.ipcMain.handle(channel, async (event, ...args): Promise<BridgeResult<unknown>> => {
      const rejection = senderRejection(event, deps.policy)
      if (rejection) {
        deps.log.warn(`[ipc] ${channel} refused: ${rejection}`)
        return { ok: false, message: REFUSED_SENDER_MESSAGE }
      }
      // Every contract call takes at most one argument; extra ones mean a hand-made call.
      const parsed = args.length <= 1 ? schema.safeParse(args[0]) : null
      if (!parsed || !parsed.success) {
        deps.log.warn(`[ipc] ${channel} refused: malformed payload`)
        return { ok: false, message: INVALID_REQUEST_MESSAGE }
      }
      try {
        return { ok: true, value: await handler(parsed.data, event) }
      } catch (error) {
        return { ok: false, message: messageOr(error, options.fallbackMessage ?? DEFAULT_FALLBACK) }
      }
    })
  }
}
