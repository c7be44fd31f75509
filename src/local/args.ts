// The local stack's own option, taken out of `npm run backend`'s arguments before the backend
// reads the rest (src/backend/args.ts knows only Supabase's settings).

import { BackendArgsError } from '../backend/args'

export interface StackArgs {
  /** Emails of accounts to make moderators at start (--moderator, repeatable). */
  moderators: string[]
  /** Everything else, for parseBackendArgs. */
  backendArgv: string[]
}

export const MODERATOR_USAGE = '[--moderator EMAIL]...'

export function splitStackArgs(argv: readonly string[]): StackArgs {
  const moderators: string[] = []
  const backendArgv: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg.startsWith('--moderator=')) moderators.push(arg.slice('--moderator='.length))
    else if (arg === '--moderator') {
      if (i + 1 >= argv.length) throw new BackendArgsError('--moderator takes an email')
      moderators.push(argv[++i])
    } else backendArgv.push(arg)
  }
  return { moderators, backendArgv }
}
