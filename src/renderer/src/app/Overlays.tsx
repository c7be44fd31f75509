// What opens over the page: the post and its likers (routes), the modal the ui store names, and
// the story viewer. Each is code a start does not run: it is loaded when it first opens.

import { lazy, Suspense, type ReactElement } from 'react'
import { useCollections, useRouter, useSession, useStores, useStoriesStore, useUi } from '../store'
import { selectIsSignedIn } from '../store/session/sessionStore'

const AuthModal = lazy(() =>
  import('../components/AuthModal/AuthModal').then((module) => ({ default: module.AuthModal }))
)
const PostView = lazy(() =>
  import('../components/PostView/PostView').then((module) => ({ default: module.PostView }))
)
const CreateStoryModal = lazy(() =>
  import('../components/CreateStoryModal/CreateStoryModal').then((module) => ({
    default: module.CreateStoryModal
  }))
)
const StoryViewer = lazy(() =>
  import('../components/StoryViewer/StoryViewer').then((module) => ({
    default: module.StoryViewer
  }))
)
const LikersModal = lazy(() =>
  import('../components/LikersModal/LikersModal').then((module) => ({
    default: module.LikersModal
  }))
)
const ShortcutsSheet = lazy(() =>
  import('../components/ShortcutsSheet/ShortcutsSheet').then((module) => ({
    default: module.ShortcutsSheet
  }))
)
const SaveToCollectionSheet = lazy(() =>
  import('../components/SaveCollections/SaveToCollectionSheet').then((module) => ({
    default: module.SaveToCollectionSheet
  }))
)
const CreatePostModal = lazy(() =>
  import('../components/CreatePostModal/CreatePostModal').then((module) => ({
    default: module.CreatePostModal
  }))
)
const WelcomeModal = lazy(() =>
  import('../components/WelcomeModal/WelcomeModal').then((module) => ({
    default: module.WelcomeModal
  }))
)
const EditProfileModal = lazy(() =>
  import('../components/EditProfileModal/EditProfileModal').then((module) => ({
    default: module.EditProfileModal
  }))
)

/** `postShown`: a post is open and exists (else the page says it is not found). */
export function Overlays({ postShown }: { postShown: boolean }): ReactElement {
  const { ui } = useStores()
  const route = useRouter((state) => state.route)
  const modal = useUi((state) => state.modal)
  const createFiles = useUi((state) => state.createFiles)
  const signedIn = useSession(selectIsSignedIn)
  const viewingStories = useStoriesStore((state) => state.viewer !== null)
  const savingToCollection = useCollections((state) => state.sheetPostId)
  return (
    <Suspense fallback={null}>
      {postShown && <PostView />}
      {route.name === 'likers' && <LikersModal postId={route.postId} />}
      {modal === 'auth' && <AuthModal />}
      {modal === 'create' && signedIn && (
        <CreatePostModal initialFiles={createFiles ?? undefined} />
      )}
      {modal === 'edit-profile' && signedIn && <EditProfileModal />}
      {modal === 'welcome' && signedIn && <WelcomeModal />}
      {modal === 'story' && signedIn && <CreateStoryModal />}
      {viewingStories && <StoryViewer />}
      {savingToCollection && signedIn && <SaveToCollectionSheet postId={savingToCollection} />}
      {modal === 'shortcuts' && <ShortcutsSheet onClose={() => ui.getState().closeModal()} />}
    </Suspense>
  )
}
