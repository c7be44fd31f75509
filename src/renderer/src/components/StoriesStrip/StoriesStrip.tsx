// The stories strip (docs/product.md, "Stories"). Signed in: your own bubble first ("Your story",
// with a + to post one), then the people you follow who have live stories, unseen first with a
// gradient ring, seen after with a grey one; a click opens the viewer. With no real stories at
// all (a fresh instance, or a visitor) the sample people fill the strip, so the first screen
// never looks empty; they open the same story viewer on frames drawn in code (the stories
// store's sample source), and leave the strip as soon as anyone the user follows has a live
// story. Only whole bubbles show; when they overflow, round arrows over the edges scroll a page
// of them (useTrayPaging).

import { useMemo, useRef, type ReactElement } from 'react'
import { ChevronLeft, ChevronRight, Plus } from 'lucide-react'
import type { Story, StoryStripEntry } from '@shared/domain'
import { initialsAvatar } from '../../services/avatar'
import { createStories } from '../../services/sampleData'
import { useSession, useStores, useStoriesStore } from '../../store'
import { selectProfile } from '../../store/session/sessionStore'
import { useT } from '../../i18n'
import { useTrayPaging, type PageDirection, type TrayPaging } from './useTrayPaging'
import styles from './StoriesStrip.module.scss'

function Ring({
  seen,
  src,
  closeFriends = false
}: {
  seen: boolean
  src: string
  /** Among the stories is one for close friends: the ring is green while unseen. */
  closeFriends?: boolean
}): ReactElement {
  const kind = seen ? 'ring--viewed' : closeFriends ? 'ring--close-friends' : 'ring--unviewed'
  return (
    <span className={`${styles.ring} ${styles[kind]}`} data-testid="story-ring">
      <img className={styles.avatar} src={src} alt="" draggable={false} />
    </span>
  )
}

function SampleStory({ story, onOpen }: { story: Story; onOpen(): void }): ReactElement {
  const t = useT()
  const username = story.user.username
  const label = story.hasViewed
    ? t('stories.bubbleViewed', { username })
    : t('stories.bubble', { username })
  return (
    <li className={styles.story} aria-label={label}>
      <button type="button" className={styles.bubble} aria-label={label} onClick={onOpen}>
        <Ring seen={story.hasViewed} src={story.user.avatar} />
        <span className={styles.username}>{story.user.username}</span>
      </button>
    </li>
  )
}

/** Hidden, not removed, at its end: its ref stays for the focus hand-off to the other one. */
function TrayArrow({
  paging,
  direction
}: {
  paging: TrayPaging
  direction: PageDirection
}): ReactElement {
  const t = useT()
  const next = direction === 1
  return (
    <button
      ref={next ? paging.nextRef : paging.previousRef}
      type="button"
      className={`${styles.arrow} ${next ? styles['arrow--next'] : styles['arrow--previous']}`}
      aria-label={next ? t('stories.nextPage') : t('stories.previousPage')}
      hidden={!(next ? paging.canNext : paging.canPrevious)}
      onClick={() => paging.page(direction)}
    >
      {next ? (
        <ChevronRight size={18} strokeWidth={2.5} aria-hidden className="rtl-mirror" />
      ) : (
        <ChevronLeft size={18} strokeWidth={2.5} aria-hidden className="rtl-mirror" />
      )}
    </button>
  )
}

/** A bubble's name: whose story, whether for close friends and whether already seen. */
function bubbleKey(closeFriends: boolean, viewed: boolean) {
  if (closeFriends)
    return viewed ? 'stories.bubbleCloseFriendsViewed' : 'stories.bubbleCloseFriends'
  return viewed ? 'stories.bubbleViewed' : 'stories.bubble'
}

// Seeded by the person's id, as every Avatar is, so the strip shows the same colours.
const avatarOf = (entry: Pick<StoryStripEntry, 'avatar_url' | 'username' | 'user_id'>): string =>
  entry.avatar_url ?? initialsAvatar(entry.username, entry.user_id)

export function StoriesStrip({ samples }: { samples?: Story[] }): ReactElement {
  const { stories, ui } = useStores()
  const t = useT()
  const profile = useSession(selectProfile)
  const strip = useStoriesStore((state) => state.strip)
  const initialSamples = useMemo(() => samples ?? createStories(), [samples])
  // Samples seen in this session grey their ring, as real ones do.
  const seenSamples = useStoriesStore((state) => state.samplesSeen)
  const sampleStories = useMemo(
    () =>
      initialSamples.map((story) =>
        seenSamples.has(story.id) ? { ...story, hasViewed: true } : story
      ),
    [initialSamples, seenSamples]
  )
  const me = profile?.id ?? null
  const own = strip.find((entry) => entry.user_id === me)
  const others = strip.filter((entry) => entry.user_id !== me)
  const open = (userId: string): void => void stories.getState().openStories(userId)
  const addStory = (): void => ui.getState().openCreateStory()
  const listRef = useRef<HTMLUListElement>(null)
  const bubbles =
    (profile ? 1 : 0) + others.length + (strip.length === 0 ? sampleStories.length : 0)
  const paging = useTrayPaging(listRef, bubbles)

  return (
    <section className={styles.strip} aria-label={t('stories.tray')}>
      <TrayArrow paging={paging} direction={-1} />
      {/* It scrolls sideways, so keyboard users must be able to focus it to scroll it. */}
      <ul ref={listRef} className={styles.list} style={paging.style} tabIndex={0}>
        {profile && (
          <li className={styles.story}>
            {own ? (
              <button
                type="button"
                className={styles.bubble}
                aria-label={own.has_unseen ? t('stories.yours') : t('stories.yoursViewed')}
                onClick={() => open(own.user_id)}
              >
                <Ring seen={!own.has_unseen} src={avatarOf(own)} closeFriends={own.close_friends} />
                <span className={styles.username}>{t('stories.yours')}</span>
              </button>
            ) : (
              <button
                type="button"
                className={styles.bubble}
                aria-label={t('stories.add')}
                onClick={addStory}
              >
                <span className={`${styles.ring} ${styles['ring--none']}`}>
                  <img
                    className={styles.avatar}
                    src={profile.avatar_url ?? initialsAvatar(profile.username, profile.id)}
                    alt=""
                    draggable={false}
                  />
                </span>
                <span className={styles.add} aria-hidden>
                  <Plus size={14} strokeWidth={3} />
                </span>
                <span className={styles.username}>{t('stories.yours')}</span>
              </button>
            )}
            {/* A sibling, not nested: with a story the bubble opens it, and + adds another. */}
            {own && (
              <button
                type="button"
                className={styles.add}
                aria-label={t('stories.addAnother')}
                onClick={addStory}
              >
                <Plus size={14} strokeWidth={3} aria-hidden />
              </button>
            )}
          </li>
        )}
        {others.map((entry) => (
          <li key={entry.user_id} className={styles.story}>
            <button
              type="button"
              className={styles.bubble}
              aria-label={t(bubbleKey(entry.close_friends === true, !entry.has_unseen), {
                username: entry.username
              })}
              onClick={() => open(entry.user_id)}
            >
              <Ring
                seen={!entry.has_unseen}
                src={avatarOf(entry)}
                closeFriends={entry.close_friends}
              />
              <span className={styles.username}>{entry.username}</span>
            </button>
          </li>
        ))}
        {strip.length === 0 &&
          sampleStories.map((story, index) => (
            <SampleStory
              key={story.id}
              story={story}
              onOpen={() => void stories.getState().openSamples(initialSamples, index)}
            />
          ))}
      </ul>
      <TrayArrow paging={paging} direction={1} />
    </section>
  )
}
