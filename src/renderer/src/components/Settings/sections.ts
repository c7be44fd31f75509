// The Settings page's sections, in the order its list shows them. A feature with settings adds
// one line here: its id (the URL's `#/settings/<id>`), the list's title (a catalog key) and the
// component the page shows on the right.

import type { ComponentType } from 'react'
import type { ParseKeys } from 'i18next'
import { AccountSection } from './AccountSection'
import { AccessibilitySection } from './AccessibilitySection'
import { AppearanceSection } from './AppearanceSection'
import { BlockedSection } from './BlockedSection'
import { CloseFriendsSection } from './CloseFriendsSection'
import { CommentsSection } from './CommentsSection'
import { EditProfileSection } from './EditProfileSection'
import { FollowedTagsSection } from './FollowedTagsSection'
import { LanguageSection } from './LanguageSection'
import { MutedSection } from './MutedSection'
import { MutedWordsSection } from './MutedWordsSection'
import { PrivacySection } from './PrivacySection'
import { SecuritySection } from './SecuritySection'
import { SensitiveContentSection } from './SensitiveContentSection'
import { YourInformationSection } from '../YourInformation/YourInformationSection'
import { ArchiveSection } from '../ArchiveSection/ArchiveSection'

export interface SettingsSection {
  id: string
  /** The catalog key of its title. */
  title: ParseKeys
  component: ComponentType
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'edit-profile', title: 'settings.sections.editProfile', component: EditProfileSection },
  { id: 'appearance', title: 'settings.sections.appearance', component: AppearanceSection },
  {
    id: 'accessibility',
    title: 'settings.sections.accessibility',
    component: AccessibilitySection
  },
  { id: 'language', title: 'settings.sections.language', component: LanguageSection },
  { id: 'privacy', title: 'settings.sections.privacy', component: PrivacySection },
  { id: 'close-friends', title: 'settings.sections.closeFriends', component: CloseFriendsSection },
  { id: 'archive', title: 'settings.sections.archive', component: ArchiveSection },
  { id: 'blocked', title: 'settings.sections.blocked', component: BlockedSection },
  { id: 'muted', title: 'settings.sections.muted', component: MutedSection },
  { id: 'muted-words', title: 'settings.sections.mutedWords', component: MutedWordsSection },
  {
    id: 'followed-hashtags',
    title: 'settings.sections.followedHashtags',
    component: FollowedTagsSection
  },
  { id: 'comments', title: 'settings.sections.comments', component: CommentsSection },
  {
    id: 'sensitive-content',
    title: 'settings.sections.sensitiveContent',
    component: SensitiveContentSection
  },
  { id: 'security', title: 'settings.sections.security', component: SecuritySection },
  {
    id: 'your-information',
    title: 'settings.sections.yourInformation',
    component: YourInformationSection
  },
  { id: 'account', title: 'settings.sections.account', component: AccountSection }
]

/** The section an id names; an empty or unknown id opens the first. */
export function findSection(
  id: string,
  sections: readonly SettingsSection[] = SETTINGS_SECTIONS
): SettingsSection {
  return sections.find((section) => section.id === id) ?? sections[0]
}
