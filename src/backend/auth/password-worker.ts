// The password pool's worker thread (password-pool.ts): bcrypt, which takes ~70 ms of CPU per
// hash or comparison, runs here so the backend's event loop never waits for it. Blocking calls
// are right here: this thread does nothing else.

import bcrypt from 'bcryptjs'
import { parentPort, threadId } from 'node:worker_threads'
import type { PasswordJob, PasswordReply } from './password-messages'

function work(job: PasswordJob): string | boolean {
  if (job.op === 'compare') return bcrypt.compareSync(job.password, job.hash)
  // GoTrue (Go's bcrypt) writes `$2a$`, bcryptjs `$2b$`: the same algorithm for passwords of at
  // most 72 bytes, so hashes move between this backend and hosted Supabase unchanged.
  const salt = bcrypt.genSaltSync(job.cost).replace(/^\$2b\$/, '$2a$')
  return bcrypt.hashSync(job.password, salt)
}

parentPort?.on('message', (job: PasswordJob) => {
  let reply: PasswordReply
  try {
    reply = { id: job.id, threadId, value: work(job) }
  } catch (error) {
    reply = { id: job.id, threadId, error: error instanceof Error ? error.message : String(error) }
  }
  parentPort?.postMessage(reply)
})
