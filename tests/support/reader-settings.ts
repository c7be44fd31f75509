// A reader's own listing settings, set as the app sets them (as that reader, through RLS):
// sensitive media shown, and words muted or hidden. Listing tests (Explore, Reels, tag and place
// pages, the Following feed) turn them on to prove the database applies them.

import type { Database } from '../../src/backend/db/database'
import { expect } from 'vitest'
import { runAs, type Actor } from './sql-actors'

export async function showSensitiveMedia(db: Database, reader: Actor): Promise<void> {
  await runAs(
    db,
    reader,
    'insert into content_settings (user_id, show_sensitive_media) values (auth.uid(), true)'
  )
}

export type WordFilter = { kind: 'mute' | 'hide_comments'; word: string }

export async function filterWords(db: Database, reader: Actor, words: WordFilter[]): Promise<void> {
  await runAs(
    db,
    reader,
    `insert into word_filters (user_id, kind, word)
     select auth.uid(), w.kind, w.word
     from jsonb_to_recordset($1::jsonb) as w(kind text, word text)`,
    [JSON.stringify(words)]
  )
}

/**
 * A listing hides captions with the reader's muted word (`#finale`) or hidden word (`rude`) as
 * whole words only (`the finale, and rudeness` stays), and hides nothing from anyone else.
 */
export async function expectCaptionWordsHidden(
  db: Database,
  {
    reader,
    other,
    shown,
    post,
    listed
  }: {
    reader: Actor
    other: Actor
    /** A post the reader's listing shows throughout. */
    shown: string
    /** A post by someone whose posts the listing shows, with this caption. */
    post: (caption: string) => Promise<string>
    /** The ids the listing shows to this actor. */
    listed: (actor: Actor) => Promise<string[]>
  }
): Promise<void> {
  const muted = await post('Spoilers for the #Finale tonight')
  const hidden = await post('what a rude take')
  const partial = await post('the finale, and rudeness')
  await filterWords(db, reader, [
    { kind: 'mute', word: '#finale' },
    { kind: 'hide_comments', word: 'rude' }
  ])
  const ids = await listed(reader)
  expect(ids).not.toContain(muted)
  expect(ids).not.toContain(hidden)
  expect(ids).toEqual(expect.arrayContaining([shown, partial]))
  expect(await listed(other)).toEqual(expect.arrayContaining([muted, hidden]))
}
