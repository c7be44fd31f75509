// A tiny SMTP server on 127.0.0.1 for tests: enough of RFC 5321 (EHLO, AUTH PLAIN, MAIL, RCPT,
// DATA, QUIT) for nodemailer to deliver to it, recording what it received. No TLS offered, so
// the client speaks plain text; `failWith` makes it refuse every message.

import { createServer, type Server, type Socket } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  /** The raw message (headers and body) as sent in DATA. */
  data: string
  /** user\0pass from AUTH PLAIN, if the client authenticated. */
  auth: string | null
}

export interface TestSmtpServer {
  port: number
  received: ReceivedMail[]
  /** A reply like '554 rejected' for every DATA, or null to accept. */
  failWith: string | null
  close(): Promise<void>
}

function serve(socket: Socket, server: TestSmtpServer): void {
  let buffer = ''
  let inData = false
  let current: ReceivedMail = { from: '', to: [], data: '', auth: null }
  let auth: string | null = null
  const reply = (line: string): void => void socket.write(`${line}\r\n`)
  reply('220 test-smtp ready')
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8')
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n')
        if (end < 0) return
        current.data = buffer.slice(0, end).replace(/^\.\./gm, '.')
        buffer = buffer.slice(end + 5)
        inData = false
        if (server.failWith) reply(server.failWith)
        else {
          server.received.push({ ...current, auth })
          reply('250 queued')
        }
        current = { from: '', to: [], data: '', auth: null }
        continue
      }
      const newline = buffer.indexOf('\r\n')
      if (newline < 0) return
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 2)
      const verb = line.split(' ')[0].toUpperCase()
      if (verb === 'EHLO' || verb === 'HELO')
        reply('250-test-smtp\r\n250-AUTH PLAIN\r\n250 8BITMIME')
      else if (verb === 'AUTH') {
        auth = Buffer.from(line.split(' ')[2] ?? '', 'base64')
          .toString('utf8')
          .replace(/^\0/, '')
        reply('235 authenticated')
      } else if (verb === 'MAIL') {
        current.from = /<([^>]*)>/.exec(line)?.[1] ?? ''
        reply('250 ok')
      } else if (verb === 'RCPT') {
        current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
        reply('250 ok')
      } else if (verb === 'DATA') {
        inData = true
        reply('354 go ahead')
      } else if (verb === 'QUIT') {
        reply('221 bye')
        socket.end()
      } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok')
      else reply('502 not implemented')
    }
  })
  socket.on('error', () => undefined)
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const sockets = new Set<Socket>()
  const state: TestSmtpServer = {
    port: 0,
    received: [],
    failWith: null,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        net.close(() => resolve())
      })
  }
  const net: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    serve(socket, state)
  })
  await new Promise<void>((resolve) => net.listen(0, '127.0.0.1', resolve))
  const address = net.address()
  state.port = typeof address === 'object' && address ? address.port : 0
  return state
}
