// The post view's photo pane: the carousel (double-tap to like, sensitive media covered, people
// tagged, each photo opening full screen), and the first photo's shape that sizes the pane.

import type { CSSProperties, ReactElement } from 'react'
import type { Post } from '@shared/domain'
import { sortedImages } from '../../services/rules'
import { usePeopleTags, useStores } from '../../store'
import { selectPostTags } from '../../store/peopleTags/peopleTagsStore'
import { Carousel } from '../Carousel/Carousel'
import { carouselFrameRatio } from '../Carousel/frameRatio'
import { SensitiveMedia } from '../ContentControls/SensitiveMedia'
import { DoubleTapLike } from '../DoubleTapLike/DoubleTapLike'
import { useT } from '../../i18n'
import { ViewFullScreenButton, type FullScreenPhoto } from './FullScreenPhoto'
import styles from './PostView.module.scss'

/** The first photo's shape, which sizes the photo pane (PostView.module.scss, .layout). */
export function mediaRatioStyle(post: Post): CSSProperties {
  const images = sortedImages(post)
  const [image] = images
  // A carousel's frame is the first photo's shape held between 1.91:1 and 4:5 (frameRatio.ts).
  const ratio =
    images.length > 1
      ? carouselFrameRatio(images)
      : image?.width && image.height
        ? image.width / image.height
        : 1
  return { '--media-ratio': ratio.toFixed(4) } as CSSProperties
}

export function PostViewMedia({
  post,
  username,
  fullScreen
}: {
  post: Post
  username: string
  fullScreen: FullScreenPhoto
}): ReactElement {
  const stores = useStores()
  const t = useT()
  stores.peopleTags.getState().watch([post.id])
  const peopleTags = usePeopleTags(selectPostTags(post.id))
  return (
    <DoubleTapLike postId={post.id} className={styles.mediaPane}>
      <SensitiveMedia key={post.id} post={post} fill>
        <Carousel
          images={sortedImages(post)}
          fallbackAlt={post.caption?.trim() || t('post.photoBy', { username })}
          fill
          index={fullScreen.photoIndex}
          onIndexChange={fullScreen.showPhoto}
          onOpen={fullScreen.open}
          overlay={(index) => (
            <ViewFullScreenButton
              buttonRef={fullScreen.expandRef}
              onClick={() => fullScreen.open(index)}
            />
          )}
          tags={peopleTags}
        />
      </SensitiveMedia>
    </DoubleTapLike>
  )
}
