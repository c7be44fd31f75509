// The extraction test (pseudoLocale.test.tsx) on the shell's screens: a post's photos in the
// carousel and the photo viewer, the likers list, a profile's followers, the page for an address
// that names nothing, the shortcuts sheet and the drop overlay.

import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { PostImage } from '@shared/domain'
import { ConnectionsPage } from '../components/ConnectionsPage/ConnectionsPage'
import { DropOverlay } from '../components/DropOverlay/DropOverlay'
import { LikersModal } from '../components/LikersModal/LikersModal'
import { NotFoundPage } from '../components/NotFoundPage/NotFoundPage'
import { PostView } from '../components/PostView/PostView'
import { ShortcutsSheet } from '../components/ShortcutsSheet/ShortcutsSheet'
import { englishLeft, inPseudoLocale } from '../testing/englishLeft'
import {
  createHarness,
  makePost,
  openInPostView,
  PROFILE,
  renderWith,
  signedIn
} from '../testing/fakes'
import { i18n } from './index'

inPseudoLocale()

function photo(postId: string, position: number): PostImage {
  return {
    post_id: postId,
    position,
    image_url: `https://example.test/${postId}/${position}.jpg`,
    thumb_url: null,
    width: 1200,
    height: 1200,
    placeholder: null,
    alt_text: position === 0 ? 'sunset' : null
  }
}

describe('the pseudo-locale shows no English on the shell’s screens', () => {
  it('a post’s photos, in the carousel and the photo viewer', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    const post = makePost({ caption: '' })
    post.post_images = [photo(post.id, 0), photo(post.id, 1)]
    openInPostView(harness.stores, post)
    renderWith(<PostView />, harness)
    await userEvent.click(screen.getByRole('button', { name: i18n.t('shell.nextPhoto') }))
    expect(englishLeft()).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: i18n.t('postView.fullScreen') }))
    await screen.findByRole('dialog', { name: i18n.t('shell.photoViewer') })
    expect(englishLeft()).toEqual([])
  })

  it('the likers list and a profile’s followers, empty', async () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<LikersModal postId="post-1" />, harness)
    await screen.findByText(i18n.t('shell.noLikes'))
    expect(englishLeft()).toEqual([])
    document.body.innerHTML = ''
    renderWith(<ConnectionsPage username="ann" direction="followers" />, harness)
    expect(englishLeft()).toEqual([])
  })

  it('a missing page, the shortcuts sheet and the drop overlay', () => {
    const harness = createHarness({ snapshot: signedIn() })
    renderWith(<NotFoundPage />, harness)
    renderWith(<ShortcutsSheet onClose={() => undefined} />, harness)
    renderWith(<DropOverlay />, harness)
    expect(englishLeft().filter((text) => text !== PROFILE.username)).toEqual([])
  })
})
