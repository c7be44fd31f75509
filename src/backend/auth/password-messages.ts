// What the backend's thread and a password worker (password-worker.ts) say to each other.

export type PasswordJob =
  | { id: number; op: 'hash'; password: string; cost: number }
  | { id: number; op: 'compare'; password: string; hash: string }

export type PasswordReply =
  | { id: number; threadId: number; value: string | boolean }
  | { id: number; threadId: number; error: string }
