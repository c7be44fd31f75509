// The activity panel (the heart icon's popover): grouped lines, newest first, each with the
// newest actors' avatars, the line, its age and the post's thumbnail; a line opens its post
// (or, for follows, the newest follower's profile, with "Follow back" while the user does not
// follow them; comment lines quote the comment; a pending tag has Approve and Remove). Opening
// the panel marks what it shows as read (the store does); Escape or a click outside closes it.
// In the desktop app it also holds the switch for native notifications.

import { useEffect, useRef, useState, type ReactElement } from 'react'
import type { ActivityGroup } from '@shared/domain'
import { relativeAge } from '@shared/format'
import { useActivity, usePerson, useSession, useStores } from '../../store'
import { selectUserId } from '../../store/session/sessionStore'
import { FollowButton } from '../FollowButton/FollowButton'
import { TagActions } from './TagActions'
import { activityAction, activityTarget, actorsParts } from '../../store/activity/activityText'
import { openActivityTarget } from '../../live/openActivityTarget'
import { Avatar } from '../Avatar/Avatar'
import { useLocale, useT } from '../../i18n'
import { useMessage } from '../../i18n/messages'
import styles from './ActivityPanel.module.scss'
import { CachedImg } from '../CachedImg/CachedImg'
import { DialogDepth, useDialogLayer } from '../../dialogs/useDialogLayer'

function ActivityRow({ group }: { group: ActivityGroup }): ReactElement {
  const stores = useStores()
  // Re-renders the line in a newly chosen language (activityText reads the catalog).
  useT()
  const locale = useLocale()
  // The newest actor as the people store knows them now (a new avatar), else as the row has them.
  const known = usePerson(group.actors[0]?.id ?? '')
  const actor = known ?? group.actors[0]
  const target = activityTarget(group)
  const newest = group.actors[0]
  return (
    <li className={`${styles.item} ${group.unread_count > 0 ? styles.unread : ''}`}>
      <button
        type="button"
        className={styles.row}
        disabled={!target}
        onClick={() => target && openActivityTarget(stores, target)}
      >
        <Avatar
          src={actor?.avatar_url}
          name={actor?.username ?? ''}
          personId={actor?.id}
          size={44}
          decorative
        />
        <p className={styles.text}>
          <strong>
            {actorsParts(group).map((part, index) =>
              part.kind === 'name' ? <bdi key={index}>{part.text}</bdi> : part.text
            )}
          </strong>{' '}
          {activityAction(group)}{' '}
          <time className={styles.age} dateTime={group.latest_at}>
            {relativeAge(group.latest_at, undefined, locale)}
          </time>
        </p>
        {group.post_thumb_url || group.post_image_url ? (
          <CachedImg
            className={styles.thumb}
            src={group.post_thumb_url ?? group.post_image_url ?? undefined}
            alt=""
            width={44}
            height={44}
          />
        ) : null}
      </button>
      {group.type === 'tag' && group.post_id && <TagActions postId={group.post_id} />}
      {group.type === 'follow' && newest && (
        <span className={styles.follow}>
          {/* The row has no count of theirs; the follow answers with the real one. */}
          <FollowButton person={{ ...newest, followers_count: 0 }} />
        </span>
      )}
    </li>
  )
}

function NotificationsSetting(): ReactElement | null {
  const { api } = useStores()
  const t = useT()
  const [enabled, setEnabled] = useState<boolean | null>(null)
  useEffect(() => {
    if (!api.notifications.native) return
    let live = true
    api.notifications.getEnabled().then(
      (value) => live && setEnabled(value),
      (error: unknown) => console.error('Error reading the notification setting', error)
    )
    return () => {
      live = false
    }
  }, [api])
  if (!api.notifications.native || enabled === null) return null
  const onChange = (next: boolean): void => {
    setEnabled(next)
    api.notifications.setEnabled(next).catch((error: unknown) => {
      console.error('Error saving the notification setting', error)
      setEnabled(!next)
    })
  }
  return (
    <label className={styles.setting}>
      <input
        type="checkbox"
        checked={enabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {t('activity.desktopNotifications')}
    </label>
  )
}

export function ActivityPanel(): ReactElement {
  const { activity } = useStores()
  const t = useT()
  const message = useMessage()
  const groups = useActivity((state) => state.groups)
  const status = useActivity((state) => state.status)
  const error = useActivity((state) => state.error)
  const panel = useRef<HTMLDivElement>(null)
  const { depth } = useDialogLayer()
  const stores = useStores()
  const userId = useSession(selectUserId)

  // "Follow back" needs to know whom the user already follows among new followers.
  useEffect(() => {
    const followers = groups.flatMap((group) =>
      group.type === 'follow' && group.actors[0] ? [group.actors[0].id] : []
    )
    if (userId && followers.length > 0) void stores.people.getState().learnFollowState(followers)
  }, [groups, stores, userId])

  useEffect(() => {
    panel.current?.focus()
    const close = (): void => activity.getState().closePanel()
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') close()
    }
    const onPointer = (event: PointerEvent): void => {
      const target = event.target as Node
      // The heart button toggles the panel itself.
      if (
        panel.current?.contains(target) ||
        (target as Element).closest?.('[data-activity-toggle]')
      )
        return
      close()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [activity])

  return (
    <DialogDepth.Provider value={depth}>
      <div
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-label={t('nav.notifications')}
        tabIndex={-1}
      >
        <h2 className={styles.title}>{t('nav.notifications')}</h2>
        {error && (
          <p role="alert" className={styles.error}>
            {message(error)}
          </p>
        )}
        {status === 'loading' && groups.length === 0 ? (
          <p role="status" className={styles.empty}>
            {t('activity.loading')}
          </p>
        ) : groups.length === 0 && !error ? (
          <p className={styles.empty}>{t('activity.empty')}</p>
        ) : (
          <ul className={styles.list}>
            {groups.map((group) => (
              <ActivityRow key={group.group_key} group={group} />
            ))}
          </ul>
        )}
        <NotificationsSetting />
      </div>
    </DialogDepth.Provider>
  )
}
