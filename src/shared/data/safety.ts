// Blocking, muting, reporting and private accounts. The database enforces every rule
// (the baseline migration's Safety section); these are the calls the app makes.

import type { SupabaseClient } from '@supabase/supabase-js'
import { MESSAGES } from '../messages'
import { failure, type FailureKey } from './failure'
import { REFUSED } from './refusal'
import { withStorageUrls } from './storage-urls'

export const SAFETY_MESSAGES = {
  signIn: MESSAGES.signInRequired,
  reported: 'Thanks for reporting',
  unavailable: REFUSED.accountUnavailable
} as const

export type ReportTarget = 'post' | 'comment' | 'story' | 'profile'
export type ReportReason = 'spam' | 'nudity' | 'harassment' | 'violence' | 'other'

export const REPORT_REASONS: readonly { value: ReportReason; label: string }[] = [
  { value: 'spam', label: "It's spam" },
  { value: 'nudity', label: 'Nudity or sexual activity' },
  { value: 'harassment', label: 'Bullying or harassment' },
  { value: 'violence', label: 'Violence or dangerous organizations' },
  { value: 'other', label: 'Something else' }
]

/** A person in the Blocked, Muted or Follow requests lists. */
export interface ListedPerson {
  id: string
  username: string
  full_name: string | null
  avatar_url: string | null
}

export interface Mute extends ListedPerson {
  posts: boolean
  stories: boolean
}

export interface ModerationReport {
  report_id: string
  target_type: ReportTarget
  target_id: string
  reason: ReportReason
  details: string | null
  reported_at: string
  report_count: number
  reporter_username: string | null
  author_id: string | null
  author_username: string | null
  author_suspended: boolean | null
  content_text: string | null
  content_image_url: string | null
}

export type ModerationAction = 'dismiss' | 'remove' | 'suspend'

/** A suspended account, as moderators (and nobody else) read it. */
export interface SuspendedAccount extends ListedPerson {
  suspended_at: string
}

type Result<T> = { data: T | null; error: { message?: string; code?: string } | null }

function unwrap<T>(what: FailureKey, result: Result<T>): T {
  if (result.error) throw failure(what, result.error)
  return result.data as T
}

function requireUser(userId: string | null): string {
  if (!userId) throw new Error(SAFETY_MESSAGES.signIn)
  return userId
}

export async function blockPerson(
  client: SupabaseClient,
  userId: string | null,
  blockedId: string
): Promise<void> {
  const result = await client
    .from('blocks')
    .upsert(
      { blocker_id: requireUser(userId), blocked_id: blockedId },
      { onConflict: 'blocker_id,blocked_id', ignoreDuplicates: true }
    )
  unwrap('block', result)
}

export async function unblockPerson(
  client: SupabaseClient,
  userId: string | null,
  blockedId: string
): Promise<void> {
  const result = await client
    .from('blocks')
    .delete()
    .eq('blocker_id', requireUser(userId))
    .eq('blocked_id', blockedId)
  unwrap('unblock', result)
}

/** The people an rpc lists (the Blocked and Follow requests lists), with their avatars' URLs. */
async function listedPeople(
  client: SupabaseClient,
  rpc: string,
  what: FailureKey
): Promise<ListedPerson[]> {
  return withStorageUrls(client, unwrap<ListedPerson[]>(what, await client.rpc(rpc)) ?? [])
}

export function fetchBlockedAccounts(client: SupabaseClient): Promise<ListedPerson[]> {
  return listedPeople(client, 'blocked_accounts', 'loadBlocked')
}

/** Mutes `mutedId`'s posts and/or stories; muting neither removes the mute. */
export async function setMute(
  client: SupabaseClient,
  userId: string | null,
  mutedId: string,
  what: { posts: boolean; stories: boolean }
): Promise<void> {
  const muter = requireUser(userId)
  if (!what.posts && !what.stories) {
    unwrap(
      'unmute',
      await client.from('mutes').delete().eq('muter_id', muter).eq('muted_id', mutedId)
    )
    return
  }
  const result = await client
    .from('mutes')
    .upsert({ muter_id: muter, muted_id: mutedId, ...what }, { onConflict: 'muter_id,muted_id' })
  unwrap('mute', result)
}

export async function fetchMutes(client: SupabaseClient, userId: string | null): Promise<Mute[]> {
  const rows = unwrap(
    'loadMuted',
    await client
      .from('mutes')
      .select('posts, stories, profiles!mutes_muted_id_fkey(id, username, full_name, avatar_url)')
      .eq('muter_id', requireUser(userId))
      .order('created_at', { ascending: false })
  ) as unknown as { posts: boolean; stories: boolean; profiles: ListedPerson | null }[]
  return withStorageUrls(client, rows ?? []).flatMap((row) =>
    row.profiles ? [{ ...row.profiles, posts: row.posts, stories: row.stories }] : []
  )
}

export async function reportContent(
  client: SupabaseClient,
  target: ReportTarget,
  targetId: string,
  reason: ReportReason,
  details: string | null
): Promise<void> {
  unwrap(
    'sendReport',
    await client.rpc('report_content', {
      target_type: target,
      target_id: targetId,
      reason,
      details: details?.trim() || null
    })
  )
}

export async function setAccountPrivate(
  client: SupabaseClient,
  userId: string | null,
  isPrivate: boolean
): Promise<void> {
  const result = await client
    .from('profiles')
    .update({ is_private: isPrivate })
    .eq('id', requireUser(userId))
  unwrap('changePrivacy', result)
}

export function fetchFollowRequests(client: SupabaseClient): Promise<ListedPerson[]> {
  return listedPeople(client, 'follow_requests_page', 'loadFollowRequests')
}

export async function approveFollowRequest(
  client: SupabaseClient,
  requesterId: string
): Promise<void> {
  unwrap('approveRequest', await client.rpc('approve_follow_request', { requester: requesterId }))
}

/** Deletes a request: the target declining it, or the requester cancelling their own. */
export async function deleteFollowRequest(
  client: SupabaseClient,
  requesterId: string,
  targetId: string
): Promise<void> {
  const result = await client
    .from('follow_requests')
    .delete()
    .eq('requester_id', requesterId)
    .eq('target_id', targetId)
  unwrap('deleteRequest', result)
}

/** Whether the signed-in user has asked to follow `targetId` and waits for an answer. */
export async function hasRequestedToFollow(
  client: SupabaseClient,
  userId: string | null,
  targetId: string
): Promise<boolean> {
  if (!userId) return false
  const rows = unwrap(
    'loadFollowRequest',
    await client
      .from('follow_requests')
      .select('target_id')
      .eq('requester_id', userId)
      .eq('target_id', targetId)
  ) as unknown[] | null
  return (rows?.length ?? 0) > 0
}

export async function isModerator(client: SupabaseClient, userId: string | null): Promise<boolean> {
  if (!userId) return false
  const rows = unwrap(
    'checkRole',
    await client.from('moderators').select('user_id').eq('user_id', userId)
  ) as unknown[] | null
  return (rows?.length ?? 0) > 0
}

export async function fetchModerationReports(client: SupabaseClient): Promise<ModerationReport[]> {
  return withStorageUrls(
    client,
    unwrap<ModerationReport[]>(
      'loadReports',
      await client.rpc('moderation_reports', { page_size: 100 })
    ) ?? []
  )
}

export async function resolveReport(
  client: SupabaseClient,
  reportId: string,
  action: ModerationAction
): Promise<void> {
  unwrap('resolveReport', await client.rpc('moderation_resolve', { report: reportId, action }))
}

/**
 * The suspended accounts, latest first. Only moderators read suspended profiles (the profiles
 * policy), so anyone else gets an empty list.
 */
export async function fetchSuspendedAccounts(client: SupabaseClient): Promise<SuspendedAccount[]> {
  return (
    (unwrap(
      'loadSuspended',
      await client
        .from('profiles')
        .select('id, username, full_name, avatar_url, suspended_at')
        .not('suspended_at', 'is', null)
        .order('suspended_at', { ascending: false })
        .limit(100)
    ) as SuspendedAccount[] | null) ?? []
  )
}

/** Lifts a suspension (moderators only): the account is seen, signs in and writes again. */
export async function liftSuspension(client: SupabaseClient, personId: string): Promise<void> {
  unwrap('liftSuspension', await client.rpc('moderation_lift_suspension', { person: personId }))
}
