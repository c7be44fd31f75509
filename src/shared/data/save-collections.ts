// Saved collections: named groups of one's saved posts. They are their owner's alone (row-level
// security); a name's checks, the cap, and "filed means saved" are the database's
// (save_to_collection and create_save_collection save and file in one transaction; unsaving
// removes a post from every collection). This names the calls and says failures in words.

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post, SaveCollection } from '../domain'
import { messageOr } from '../errors'
import { MAX_SAVE_COLLECTION_NAME_LENGTH, MAX_SAVE_COLLECTIONS } from '../limits'
import { SAVE_COLLECTION_PAGE_SIZE } from '../limits'
import { failure, type FailureKey } from './failure'
import { REFUSED } from './refusal'
import { boundedPageSize, type Page, type PageCursor } from './keyset'
import { filedPostsPage } from './saves'
import { withStorageUrls } from './storage-urls'

/** The database's words for each refusal (the checks below say the same before sending). */
export const COLLECTION_MESSAGES = {
  nameLength: `A collection name is 1 to ${MAX_SAVE_COLLECTION_NAME_LENGTH} characters`,
  duplicate: 'You already have a collection with this name',
  tooMany: `You can have at most ${MAX_SAVE_COLLECTIONS} collections`,
  gone: "This collection isn't available",
  postGone: REFUSED.postUnavailable
} as const

const OWN_WORDS = new Set<string>([
  COLLECTION_MESSAGES.nameLength,
  COLLECTION_MESSAGES.duplicate,
  COLLECTION_MESSAGES.tooMany,
  COLLECTION_MESSAGES.gone,
  COLLECTION_MESSAGES.postGone
])

/** What is wrong with a collection's name before it is sent, or null. */
export function collectionNameProblem(name: string): string | null {
  const trimmed = name.trim()
  return trimmed.length < 1 || trimmed.length > MAX_SAVE_COLLECTION_NAME_LENGTH
    ? COLLECTION_MESSAGES.nameLength
    : null
}

/** The database's own words for a refusal (they are the ones above), else `what: why`. */
function refused(what: FailureKey, error: unknown): Error {
  const message = messageOr(error, '')
  return OWN_WORDS.has(message) ? new Error(message) : failure(what, error)
}

function checkedName(name: string): string {
  const problem = collectionNameProblem(name)
  if (problem) throw new Error(problem)
  return name.trim()
}

/** The signed-in user's collections, newest first, each with its cover. */
export async function fetchCollections(client: SupabaseClient): Promise<SaveCollection[]> {
  const { data, error } = await client.rpc('saved_collections', {}, { get: true })
  if (error) throw failure('loadCollections', error)
  return withStorageUrls(client, (data ?? []) as SaveCollection[])
}

/** Makes a collection, with `postId` saved into it when given, in one transaction. */
export async function createCollection(
  client: SupabaseClient,
  name: string,
  postId: string | null = null
): Promise<string> {
  const { data, error } = await client
    .rpc('create_save_collection', { name: checkedName(name), post_id: postId })
    .single()
  if (error || !data) throw refused('saveToCollection', error)
  return (data as { id: string }).id
}

/** Renames one's collection. */
export async function renameCollection(
  client: SupabaseClient,
  collectionId: string,
  name: string
): Promise<void> {
  const { data, error } = await client
    .from('save_collections')
    .update({ name: checkedName(name) })
    .eq('id', collectionId)
    .select('id')
  if (error) throw refused('renameCollection', error)
  if (!data || data.length === 0) throw new Error(COLLECTION_MESSAGES.gone)
}

/** Deletes one's collection; its posts stay saved. */
export async function deleteCollection(
  client: SupabaseClient,
  collectionId: string
): Promise<void> {
  const { error } = await client.from('save_collections').delete().eq('id', collectionId)
  if (error) throw failure('deleteCollection', error)
}

/** Saves the post (when it is not yet) and files it in the collection. */
export async function saveToCollection(
  client: SupabaseClient,
  collectionId: string,
  postId: string
): Promise<void> {
  const { error } = await client.rpc('save_to_collection', {
    collection_id: collectionId,
    post_id: postId
  })
  if (error) throw refused('saveToCollection', error)
}

/** Takes the post out of one collection; it stays saved. */
export async function removeFromCollection(
  client: SupabaseClient,
  collectionId: string,
  postId: string
): Promise<void> {
  const { error } = await client
    .from('save_collection_items')
    .delete()
    .eq('collection_id', collectionId)
    .eq('post_id', postId)
  if (error) throw failure('removeFromCollection', error)
}

/** Which of the signed-in user's collections hold the post (the save sheet's ticks). */
export async function collectionsHolding(
  client: SupabaseClient,
  postId: string
): Promise<string[]> {
  const { data, error } = await client
    .from('save_collection_items')
    .select('collection_id')
    .eq('post_id', postId)
  if (error) throw failure('loadCollections', error)
  return (data ?? []).map((row: { collection_id: string }) => row.collection_id)
}

/** A collection's posts the reader still sees, last filed first, keyset-paged on the item. */
export function collectionPage(
  client: SupabaseClient,
  collectionId: string,
  options: { after?: PageCursor | null; limit?: number } = {}
): Promise<Page<Post>> {
  return filedPostsPage(
    client,
    {
      table: 'save_collection_items',
      column: 'collection_id',
      value: collectionId,
      failure: 'loadCollections'
    },
    boundedPageSize(options.limit, SAVE_COLLECTION_PAGE_SIZE),
    options.after
  )
}
