// A realtime socket spoken to frame by frame (vsn 2.0.0 arrays), as realtime-js would, for
// tests of what the server accepts and answers.

import { WebSocket } from 'ws'

export type Message = [string | null, string | null, string, string, Record<string, unknown>]

export class RawSocket {
  private readonly inbox: Message[] = []
  private waiting: (() => void) | null = null

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.inbox.push(JSON.parse(data.toString()))
      this.waiting?.()
    })
  }

  /** Opens `url`; `headers` are sent with the upgrade request (e.g. a browser's Origin). */
  static open(url: string, headers: Record<string, string> = {}): Promise<RawSocket> {
    const ws = new WebSocket(url, { headers })
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)))
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`))
      )
      ws.once('error', reject)
    })
  }

  close(): void {
    this.ws.close()
  }

  send(message: Message): void {
    this.ws.send(JSON.stringify(message))
  }

  /** The next message with `ref` (a reply) or, for server pushes, with `event`. */
  async next(match: { ref?: string; event?: string }): Promise<Message> {
    for (;;) {
      const index = this.inbox.findIndex(
        (m) =>
          (match.ref === undefined || m[1] === match.ref) &&
          (match.event === undefined || m[3] === match.event)
      )
      if (index >= 0) return this.inbox.splice(index, 1)[0]
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no message ${JSON.stringify(match)}`)),
          3_000
        )
        this.waiting = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }
}
