// The signed-in session over one supabase-js client: sign up, sign in, sign out, and an
// AuthSnapshot for every change. In the desktop app main owns it (the renderer only ever receives
// snapshots, never the refresh token); in the web build the page does. supabase-js
// (autoRefreshToken on) is the only thing that refreshes tokens.

import type { Session, SupabaseClient } from '@supabase/supabase-js'
import type { SignInInput, SignUpInput, SignUpResult } from '../bridge-contract'
import { type Profile } from '../domain'
import { SIGNED_OUT, type AuthSnapshot } from '../auth-snapshot'
import type { Logger } from '../logger'
import { signIn, signOut, signUp } from './auth'
import { fetchProfile } from './profiles'
import { needsSecondFactor } from './two-factor'

export interface AuthSessionDeps {
  client: SupabaseClient
  /** Tells whoever shows the session: the renderer over IPC, or the page's listeners. */
  emit(snapshot: AuthSnapshot): void
  log: Logger
  loadProfile?: (client: SupabaseClient, userId: string) => Promise<Profile | null>
  /** Where a confirmation link leads: the web build's own root, the desktop app's callback. */
  emailRedirectTo?: string
  /** Runs work outside supabase-js's auth callback, where awaiting the client deadlocks. */
  defer?: (work: () => void) => void
}

function snapshotKey(snapshot: AuthSnapshot): string {
  return JSON.stringify([
    snapshot.user?.id ?? null,
    snapshot.accessToken,
    snapshot.expiresAt,
    snapshot.profile,
    snapshot.pending ?? null
  ])
}

export class AuthSession {
  private snapshot: AuthSnapshot = SIGNED_OUT
  private queue: Promise<void> = Promise.resolve()
  private ready: Promise<void> | null = null
  private unsubscribe: (() => void) | null = null
  private readonly loadProfile: NonNullable<AuthSessionDeps['loadProfile']>
  private readonly defer: NonNullable<AuthSessionDeps['defer']>
  /** Signed in by a recovery code or link: the user is asked for a new password. */
  private recovering = false

  constructor(private readonly deps: AuthSessionDeps) {
    this.loadProfile = deps.loadProfile ?? fetchProfile
    this.defer = deps.defer ?? ((work) => setTimeout(work, 0))
  }

  /** The client whose session this is: data calls made with it act as the signed-in user. */
  get client(): SupabaseClient {
    return this.deps.client
  }

  /** Subscribes to auth events and loads the stored session (refreshing it if it expired). */
  start(): Promise<void> {
    if (this.ready) return this.ready
    const { data } = this.deps.client.auth.onAuthStateChange((event, session) => {
      // A client that detects sessions in the URL says so for a recovery link: ask for the new
      // password. (The app's own clients do not: mailed links go through auth-link.ts.)
      if (event === 'PASSWORD_RECOVERY') this.recovering = true
      // supabase-js holds its auth lock while calling us: queries from here would deadlock.
      this.defer(() => void this.apply(session))
    })
    this.unsubscribe = () => data.subscription.unsubscribe()
    this.ready = this.sync()
    return this.ready
  }

  async getSnapshot(): Promise<AuthSnapshot> {
    await this.start()
    await this.queue
    return this.snapshot
  }

  /**
   * The current access token; getSession refreshes it first when it is about to expire. None
   * while the second factor is pending: the app acts signed out until the code is given.
   */
  async getAccessToken(): Promise<string | null> {
    await this.start()
    await this.queue
    if (this.snapshot.pending === 'second-factor') return null
    const { data, error } = await this.deps.client.auth.getSession()
    if (error) this.deps.log.warn('[session] getSession failed', error)
    return data.session?.access_token ?? null
  }

  /** The last snapshot emitted, without waiting for a change being applied. */
  currentSnapshot(): AuthSnapshot {
    return this.snapshot
  }

  currentUserId(): string | null {
    return this.snapshot.user?.id ?? null
  }

  async signUp(input: SignUpInput): Promise<SignUpResult> {
    await this.start()
    const result = await signUp(this.deps.client, input, this.deps.emailRedirectTo)
    await this.sync()
    return result
  }

  async signIn(input: SignInInput): Promise<void> {
    await this.start()
    await signIn(this.deps.client, input)
    // Resolve only once the snapshot (and profile) reflect the new user, so a getSession()
    // right after signIn() never sees the old state.
    await this.sync()
  }

  async signOut(): Promise<void> {
    await this.start()
    await signOut(this.deps.client)
    await this.sync()
  }

  /**
   * Runs an account operation with this session's client, then reloads the snapshot (a code
   * may have signed the user in, a factor raised the session to aal2, a deletion signed out).
   */
  async withClient<T>(work: (client: SupabaseClient) => Promise<T>): Promise<T> {
    await this.start()
    const result = await work(this.deps.client)
    await this.sync()
    return result
  }

  /** Whether the user came in through a recovery code or link and has not set a password. */
  isRecovering(): boolean {
    return this.recovering
  }

  setRecovering(recovering: boolean): Promise<void> {
    this.recovering = recovering
    return this.sync()
  }

  dispose(): void {
    this.unsubscribe?.()
    this.unsubscribe = null
    void this.deps.client.auth.stopAutoRefresh()
  }

  private async sync(): Promise<void> {
    const { data, error } = await this.deps.client.auth.getSession()
    if (error) this.deps.log.warn('[session] getSession failed', error)
    await this.apply(data.session)
  }

  /** Changes apply one at a time, in order, so a slow profile load cannot overwrite a newer state. */
  private apply(session: Session | null): Promise<void> {
    this.queue = this.queue
      .then(() => this.applyNow(session))
      .catch((error: unknown) =>
        this.deps.log.error('[session] could not apply auth change', error)
      )
    return this.queue
  }

  private async applyNow(session: Session | null): Promise<void> {
    let next: AuthSnapshot = SIGNED_OUT
    if (!session) this.recovering = false
    if (session && needsSecondFactor(session)) {
      next = { ...SIGNED_OUT, pending: 'second-factor' }
    } else if (session) {
      const user = session.user
      // A token refresh keeps the user: reuse the profile instead of querying it again.
      const profile =
        this.snapshot.profile && this.snapshot.user?.id === user.id
          ? this.snapshot.profile
          : await this.loadProfile(this.deps.client, user.id)
      next = {
        user: { id: user.id, email: user.email ?? null, user_metadata: user.user_metadata ?? {} },
        profile,
        accessToken: session.access_token,
        expiresAt: session.expires_at ?? null,
        ...(this.recovering ? { pending: 'new-password' as const } : {})
      }
    }
    const changed = snapshotKey(next) !== snapshotKey(this.snapshot)
    this.snapshot = next
    if (changed) this.deps.emit(next)
  }
}

/** What acts as "the signed-in user": an AuthSession, or AccountSessions over several. */
export type CurrentSession = Pick<
  AuthSession,
  | 'client'
  | 'start'
  | 'getSnapshot'
  | 'getAccessToken'
  | 'currentSnapshot'
  | 'currentUserId'
  | 'signUp'
  | 'signIn'
  | 'signOut'
  | 'withClient'
  | 'isRecovering'
  | 'setRecovering'
  | 'dispose'
>
