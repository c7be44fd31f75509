// Several accounts on one install: one AuthSession (its own supabase-js client and stored
// session) per signed-in account, one of them current. Everything that acts as "the signed-in
// user" (the bridge's auth, account and posts calls, main's uploads) goes through the current
// one, so AccountSessions answers the same calls as an AuthSession. There is always a current
// session: when nobody is signed in, or while an account is being added, it is a fresh one that
// signs in through a temporary slot and joins the list once the server says whose it is.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { SignInInput, SignUpInput, SignUpResult } from '../bridge-contract'
import { SIGNED_OUT, type AuthSnapshot, type SignedInAccount } from '../auth-snapshot'
import { MAX_SIGNED_IN_ACCOUNTS } from '../limits'
import { MESSAGES } from '../messages'
import {
  accountPrefix,
  LEGACY_PREFIX,
  memoryStorage,
  NEW_ACCOUNT_PREFIX,
  readAccountsIndex,
  SlotStorage,
  writeAccountsIndex
} from './account-storage'
import {
  discardAccount,
  openAccount,
  summarize,
  type Account,
  type AccountSessionsDeps
} from './account-slot'
import { ChangeQueue } from './change-queue'
import type { CurrentSession } from './session'

export type { AccountSessionsDeps } from './account-slot'
export type { CurrentSession } from './session'

export class AccountSessions implements CurrentSession {
  /** Signed-in accounts, in the order the menu lists them (and Ctrl+Shift+1…9 picks). */
  private accounts: Account[] = []
  private current!: Account
  /** Whom "Cancel" returns to while an account is being added. */
  private returnTo: Account | null = null
  /** Changes to the list apply one at a time; every call waits for those before it. */
  private readonly changes = new ChangeQueue((error) =>
    this.deps.log.error('[accounts] could not apply a change', error)
  )
  private ready: Promise<void> | null = null
  private lastEmitted = ''
  /** What `client` is before the accounts are loaded: a client signed in as nobody. */
  private idleClient: SupabaseClient | null = null

  constructor(private readonly deps: AccountSessionsDeps) {}

  /** The current account's client: calls made with it act as that account. */
  get client(): SupabaseClient {
    if (this.current) return this.current.session.client
    this.idleClient ??= this.deps.createClient(new SlotStorage(memoryStorage(), ''))
    return this.idleClient
  }

  /** Loads every stored account (refreshing expired sessions) and picks the current one. */
  start(): Promise<void> {
    this.ready ??= this.load()
    return this.ready
  }

  async getSnapshot(): Promise<AuthSnapshot> {
    await this.settled()
    await this.current.session.getSnapshot()
    await this.settled()
    return this.decorate(this.current.session.currentSnapshot())
  }

  async getAccessToken(): Promise<string | null> {
    await this.settled()
    return this.current.session.getAccessToken()
  }

  currentSnapshot(): AuthSnapshot {
    return this.current ? this.decorate(this.current.session.currentSnapshot()) : SIGNED_OUT
  }

  currentUserId(): string | null {
    return this.current?.userId ?? null
  }

  /** The signed-in accounts, in order. */
  list(): SignedInAccount[] {
    return this.accounts.map(summarize)
  }

  async signUp(input: SignUpInput): Promise<SignUpResult> {
    await this.settled()
    const result = await this.current.session.signUp(input)
    await this.settled()
    return result
  }

  async signIn(input: SignInInput): Promise<void> {
    await this.settled()
    await this.current.session.signIn(input)
    // Resolves once a new account has joined the list and become current.
    await this.settled()
  }

  /** Logs out of the current account only; the next one in the list becomes current. */
  async signOut(): Promise<void> {
    await this.settled()
    const leaving = this.current
    if (leaving.userId === null && this.returnTo) return this.cancelAdding()
    await leaving.session.signOut()
    await this.settled()
    // Not always announced by an event (a session already gone): drop it here as well.
    if (leaving.userId !== null) await this.enqueue(() => this.drop(leaving))
  }

  /** Logs out of every account on this install. */
  async signOutAll(): Promise<void> {
    await this.settled()
    for (const account of [...this.accounts]) {
      await account.session.signOut().catch((error: unknown) => {
        // The server may be unreachable: the device still forgets the account.
        this.deps.log.warn('[accounts] sign-out failed; forgetting the account anyway', error)
      })
      await this.enqueue(() => this.drop(account))
    }
  }

  /** Makes another signed-in account current. */
  switchTo(userId: string): Promise<void> {
    return this.enqueue(async () => {
      const next = this.accounts.find((account) => account.userId === userId)
      if (!next) throw new Error(MESSAGES.accountNotSignedIn)
      if (next === this.current) return
      if (this.current.userId === null) await discardAccount(this.current)
      this.current = next
      this.returnTo = null
      await this.saveIndex()
    })
  }

  /** Starts adding an account: the app is signed out (the sign-in form) until it signs in. */
  addAccount(): Promise<void> {
    return this.enqueue(async () => {
      if (this.accounts.length >= MAX_SIGNED_IN_ACCOUNTS) {
        throw new Error(MESSAGES.tooManyAccounts(MAX_SIGNED_IN_ACCOUNTS))
      }
      if (this.current.userId === null) return
      this.returnTo = this.current
      this.current = await this.openSlot(NEW_ACCOUNT_PREFIX)
    })
  }

  /** Gives up adding an account: back to the one that was current. */
  cancelAddAccount(): Promise<void> {
    return this.enqueue(() => this.cancelAdding())
  }

  async withClient<T>(work: (client: SupabaseClient) => Promise<T>): Promise<T> {
    await this.settled()
    const result = await this.current.session.withClient(work)
    await this.settled()
    return result
  }

  isRecovering(): boolean {
    return this.current.session.isRecovering()
  }

  setRecovering(recovering: boolean): Promise<void> {
    return this.current.session.setRecovering(recovering)
  }

  dispose(): void {
    for (const account of this.accounts) account.session.dispose()
    if (this.current && this.current.userId === null) this.current.session.dispose()
  }

  private async load(): Promise<void> {
    const { storage } = this.deps
    const index = (await readAccountsIndex(storage)) ?? { ids: [], current: null }
    for (const userId of index.ids) {
      const account = await this.openSlot(accountPrefix(userId), userId)
      this.accounts.push(account)
    }
    // A session whose refresh token the server no longer honours is not signed in.
    for (const account of [...this.accounts]) {
      if (!account.session.currentSnapshot().user) await this.drop(account, false)
    }
    this.current =
      this.accounts.find((account) => account.userId === index.current) ??
      this.accounts[0] ??
      // The first start after an update: the one stored session (if any) joins the list.
      (await this.openSlot(index.ids.length === 0 ? LEGACY_PREFIX : NEW_ACCOUNT_PREFIX))
    await new SlotStorage(storage, NEW_ACCOUNT_PREFIX).clear().catch(() => undefined)
    await this.saveIndex()
    this.publish()
  }

  /** A session over the slot at `prefix`, started (its stored session loaded). */
  private openSlot(prefix: string, userId: string | null = null): Promise<Account> {
    return openAccount(this.deps, prefix, userId, (account, snapshot) =>
      this.changed(account, snapshot)
    )
  }

  /** One account's session changed: it may have signed in, been signed out, or refreshed. */
  private changed(account: Account, snapshot: AuthSnapshot): void {
    const signedIn = snapshot.user !== null && !snapshot.pending
    if (account.userId === null && signedIn && snapshot.user) {
      const userId = snapshot.user.id
      this.enqueue(() => this.adopt(account, userId)).catch(() => undefined)
    } else if (account.userId !== null && !snapshot.user && !snapshot.pending) {
      // Logged already by enqueue; nobody waits on this one.
      this.enqueue(() => this.drop(account)).catch(() => undefined)
    } else {
      this.publish()
    }
  }

  /** A slot signed in: its session moves under the user id and it becomes current. */
  private async adopt(account: Account, userId: string): Promise<void> {
    if (account.userId !== null || !this.ready) return
    const existing = this.accounts.findIndex((other) => other.userId === userId)
    // Signing in again to a listed account replaces its older session, in its place.
    if (existing >= 0) this.accounts[existing].session.dispose()
    await account.slot.moveTo(accountPrefix(userId))
    account.userId = userId
    if (existing >= 0) this.accounts[existing] = account
    else this.accounts.push(account)
    this.current = account
    this.returnTo = null
    await this.saveIndex()
  }

  /** Forgets an account that signed out (or whose session ended); another becomes current. */
  private async drop(account: Account, save = true): Promise<void> {
    const at = this.accounts.indexOf(account)
    if (at < 0) return
    this.accounts.splice(at, 1)
    account.session.dispose()
    await account.slot.clear()
    if (this.returnTo === account) this.returnTo = null
    if (this.current === account) {
      this.current =
        this.accounts[Math.min(at, this.accounts.length - 1)] ??
        (await this.openSlot(NEW_ACCOUNT_PREFIX))
    }
    if (save) await this.saveIndex()
  }

  private async cancelAdding(): Promise<void> {
    if (this.current.userId !== null || !this.returnTo) return
    await discardAccount(this.current)
    this.current = this.returnTo
    this.returnTo = null
  }

  private saveIndex(): Promise<void> {
    return writeAccountsIndex(this.deps.storage, {
      ids: this.accounts.flatMap((account) => (account.userId ? [account.userId] : [])),
      current: this.current.userId
    })
  }

  private enqueue(change: () => Promise<void>): Promise<void> {
    return this.changes.run(async () => {
      await this.start()
      await change()
      this.publish()
    })
  }

  /** Waits for the start and for every change queued so far. */
  private async settled(): Promise<void> {
    await this.start()
    await this.changes.settled()
  }

  /** Tells the page about the current account (and the list) when anything it shows changed. */
  private publish(): void {
    if (!this.current) return
    const snapshot = this.decorate(this.current.session.currentSnapshot())
    const key = JSON.stringify(snapshot)
    if (key === this.lastEmitted) return
    this.lastEmitted = key
    this.deps.emit(snapshot)
  }

  private decorate(snapshot: AuthSnapshot): AuthSnapshot {
    const accounts = this.list()
    const adding = this.current?.userId === null && accounts.length > 0
    return { ...snapshot, accounts, ...(adding ? { addingAccount: true } : {}) }
  }
}
