// The extraction test (pseudoLocale.test.tsx) on Settings and the screens around it: every
// section with something in each list, two-factor on and being turned on, Edit profile, a post's
// content controls, the moderation view, the welcome dialog, the crash screen, the update banner,
// and a store's error reaching the toast.

import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { ReactElement } from 'react'
import { CrashScreen } from '../components/CrashScreen/CrashScreen'
import { EditProfileModal } from '../components/EditProfileModal/EditProfileModal'
import { MutedPlaceholder } from '../components/ContentControls/MutedPlaceholder'
import { PostControlsEditor } from '../components/ContentControls/PostControlsEditor'
import { SensitiveMedia } from '../components/ContentControls/SensitiveMedia'
import { ModerationPage } from '../components/ModerationPage/ModerationPage'
import { SettingsPage } from '../components/Settings/SettingsPage'
import { SETTINGS_SECTIONS } from '../components/Settings/sections'
import { Toast } from '../components/Toast/Toast'
import { UpdateBanner } from '../components/UpdateBanner/UpdateBanner'
import { WelcomeModal } from '../components/WelcomeModal/WelcomeModal'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import { createHarness, makePost, renderWith, signedIn, type Harness } from '../testing/fakes'
import { i18n } from './index'

const person = (username: string) => ({
  id: `${username}-id`,
  username,
  full_name: null,
  avatar_url: null
})
const DAYS_AGO = new Date(Date.now() - 2 * 86_400_000).toISOString()
const CODES = ['aaaa0-bbbb0', 'cccc1-dddd1']
/** What the fixtures below put on screen as data: an email, muted words, a factor's name. */
const DATA = ['jane@example.com', 'spoiler', 'rude', 'Authenticator app', 'BE', ...CODES]

/** A signed-in harness whose every list has someone or something in it. */
function filled(): Harness {
  const harness = createHarness({ snapshot: signedIn() })
  const { services, api } = harness
  services.safety.fetchBlocked.mockResolvedValue([person('ana')])
  services.safety.fetchMutes.mockResolvedValue([{ ...person('bob'), posts: true, stories: false }])
  services.safety.fetchFollowRequests.mockResolvedValue([person('ann')])
  services.controls.fetchCloseFriends.mockResolvedValue([person('ben')])
  services.hashtags.followed.mockResolvedValue(['sunset'])
  api.account.listTwoFactor.mockResolvedValue([
    { id: 'factor', name: 'Authenticator app', createdAt: DAYS_AGO }
  ])
  api.account.recoveryCodeStatus.mockResolvedValue({ total: 10, remaining: 3 })
  harness.stores.controls.setState({ words: { mute: ['spoiler'], hide_comments: ['rude'] } })
  return harness
}

function render(ui: ReactElement, harness: Harness = filled()): Harness {
  renderWith(ui, harness)
  return harness
}

/** Lets the sections' loads land. */
const settle = (): Promise<void> => act(async () => new Promise((done) => setTimeout(done, 0)))

inPseudoLocale()

describe('the pseudo-locale shows no English in Settings and around it', () => {
  it.each(SETTINGS_SECTIONS.map((section) => section.id))('Settings › %s', async (id) => {
    render(<SettingsPage section={id} />)
    await settle()
    expect(englishLeft(document.body, DATA)).toEqual([])
  })

  it('two-factor being turned on, then its new recovery codes', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.api.account.generateRecoveryCodes.mockResolvedValue(CODES)
    harness.api.account.recoveryCodeStatus.mockResolvedValue({ total: 0, remaining: 0 })
    render(<SettingsPage section="security" />, harness)
    const user = userEvent.setup()
    await user.click(
      await screen.findByRole('button', { name: i18n.t('settings.twoFactor.start') })
    )
    await screen.findByText(i18n.t('settings.twoFactor.scan'))
    expect(englishLeft(document.body, DATA)).toEqual([])
    await user.type(screen.getByLabelText(i18n.t('settings.twoFactor.code')), '123456')
    harness.api.account.listTwoFactor.mockResolvedValue([
      { id: 'factor', name: 'Authenticator app', createdAt: DAYS_AGO }
    ])
    await user.click(screen.getByRole('button', { name: i18n.t('settings.twoFactor.confirm') }))
    await screen.findByRole('list', { name: i18n.t('settings.recoveryCodes.list') })
    expect(englishLeft(document.body, DATA)).toEqual([])
  })

  it('Edit profile', () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.ui.getState().openEditProfile()
    render(<EditProfileModal />, harness)
    expect(englishLeft()).toEqual([])
  })

  it("a post's content controls: the switches, the blur and the muted-word placeholders", () => {
    const post = makePost({ user_id: 'someone-else', is_sensitive: true })
    render(
      <>
        <PostControlsEditor post={{ ...post, user_id: 'user-1' }} />
        <SensitiveMedia post={post}>
          <img alt="" />
        </SensitiveMedia>
        <MutedPlaceholder what="Post" onShow={() => undefined} />
        <MutedPlaceholder what="Comment" onShow={() => undefined} />
      </>
    )
    expect(englishLeft()).toEqual([])
  })

  it("a store's errors: a refused word and a failed unblock's toast", async () => {
    const harness = filled()
    harness.services.safety.unblock.mockRejectedValue(new Error(''))
    render(
      <>
        <SettingsPage section="blocked" />
        <Toast />
      </>,
      harness
    )
    const user = userEvent.setup()
    await user.click(
      await screen.findByRole('button', {
        name: i18n.t('settings.blocked.unblockLabel', { username: 'ana' })
      })
    )
    await waitFor(() => expect(screen.getByText(i18n.t('errors.unknown'))).toBeInTheDocument())
    await act(() => harness.stores.controls.getState().addWord('mute', '   '))
    harness.stores.toast.getState().show(harness.stores.controls.getState().error!)
    await screen.findByText(i18n.t('errors.controls.wordLength'))
    expect(englishLeft(document.body, DATA)).toEqual([])
  })

  it('the moderation view with a report and a suspended account', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.services.safety.fetchReports.mockResolvedValue([
      {
        report_id: 'r1',
        target_type: 'post',
        target_id: 'p1',
        reason: 'spam',
        details: 'Nice one',
        reported_at: DAYS_AGO,
        report_count: 2,
        reporter_username: 'ann',
        author_id: 'bob-id',
        author_username: 'bob',
        author_suspended: true,
        content_text: null,
        content_image_url: 'blob:photo'
      }
    ])
    harness.services.safety.fetchSuspended.mockResolvedValue([
      { ...person('ben'), suspended_at: DAYS_AGO }
    ])
    render(<ModerationPage />, harness)
    await settle()
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    expect(englishLeft()).toEqual([])
  })

  it('the welcome dialog, the crash screen and the update banner', () => {
    const harness = createHarness({ snapshot: signedIn() })
    harness.stores.ui.getState().setUpdate({ status: 'downloaded', version: '2.0.0' })
    const Broken = (): ReactElement => {
      throw new Error('drawing failed')
    }
    render(
      <>
        <WelcomeModal />
        <UpdateBanner />
        <CrashScreen reload={() => undefined}>
          <Broken />
        </CrashScreen>
      </>,
      harness
    )
    expect(englishLeft()).toEqual([])
  })
})
