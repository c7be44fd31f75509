// A profile picture, or, when there is none, the person's initials on a gradient derived from
// their id (services/avatar.ts, gradientFor), so each person keeps one colour in every view
// (docs/product.md, "Post card", "Profile").

import type { CSSProperties, ReactElement } from 'react'
import { gradientFor, initialsOf } from '../../services/avatar'
import { useT } from '../../i18n'
import styles from './Avatar.module.scss'
import { CachedImg } from '../CachedImg/CachedImg'

export interface AvatarProps {
  src?: string | null
  name: string
  /**
   * The person's id: their gradient's seed, so they have one colour in every view. Required, so
   * no view can forget it; null only for sample people, who have no id (their name seeds it).
   */
  personId: string | null | undefined
  size?: number
  className?: string
  /** Hidden from assistive tech when a neighbouring text already names the person. */
  decorative?: boolean
}

export function Avatar({
  src,
  name,
  personId,
  size = 32,
  className = '',
  decorative = false
}: AvatarProps): ReactElement {
  const t = useT()
  const label = t('people.profilePicture', { name })
  const style: CSSProperties = { width: size, height: size }
  if (src) {
    return (
      <CachedImg
        className={`${styles.avatar} ${className}`}
        style={style}
        src={src}
        alt={decorative ? '' : label}
        loading="lazy"
        draggable={false}
      />
    )
  }
  const [from, to] = gradientFor(personId || name)
  return (
    <span
      className={`${styles.avatar} ${styles['avatar--placeholder']} ${className}`}
      style={{
        ...style,
        backgroundImage: `linear-gradient(135deg, ${from}, ${to})`,
        fontSize: size * 0.4
      }}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative || undefined}
    >
      {initialsOf(name)}
    </span>
  )
}

/** A person's picture beside their name (the name says who it is, so the picture is decorative). */
export function PersonAvatar({
  person,
  size
}: {
  person: { id: string; username: string; avatar_url?: string | null }
  size: number
}): ReactElement {
  return (
    <Avatar
      src={person.avatar_url}
      name={person.username}
      personId={person.id}
      size={size}
      decorative
    />
  )
}

/** The picture of who wrote a post or a comment, beside their name (decorative, as above). */
export function AuthorAvatar({
  of,
  username
}: {
  of: { user_id: string; profiles?: { avatar_url?: string | null } | null }
  username: string
}): ReactElement {
  return (
    <Avatar
      src={of.profiles?.avatar_url}
      name={username}
      personId={of.user_id}
      size={32}
      decorative
    />
  )
}
