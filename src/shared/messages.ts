// User-visible texts, word for word. docs/product.md ("Errors" and each screen) says where each
// one appears.

export const MESSAGES = {
  signUpFailed: 'Failed to sign up',
  signInFailed: 'Failed to sign in',
  signOutFailed: 'Failed to sign out',
  signUpCheckEmail: 'Check your email for the confirmation link!',
  imageTooLarge: 'Image must be less than 10MB',
  imageTooManyPixels: 'Image is too large to process',
  selectImageFile: 'Please select an image file',
  dropImageFile: 'Please drop an image file',
  createPostFailed: 'Failed to create post',
  uploadFailed: (reason: string): string => `Upload failed: ${reason}`,
  savePostFailed: (reason: string): string => `Failed to save post: ${reason}`,
  loading: 'Loading Instagram...',
  loadingProfile: 'Loading profile...',
  feedEmptyTitle: 'No posts yet',
  feedEmptyText: 'Be the first to share a moment!',
  profileEmptyTitle: 'No Posts Yet',
  profileEmptyText: "When you share photos, they'll appear on your profile.",
  uploading: 'Uploading...',
  processing: 'Processing...',
  saving: 'Saving...',
  feedMoreFailed: "Couldn't load more posts.",
  storyTextTooLong: 'Story text must be at most 200 characters',
  signInToPostStory: 'Sign in to post a story',
  saveStoryFailed: (reason: string): string => `Failed to save story: ${reason}`,
  storiesFailed: "Couldn't load stories",
  storyNeedsProcessing: 'This photo could not be prepared for a story',
  storyGone: 'This story is no longer available',
  deleteStoryFailed: (reason: string): string => `Failed to delete story: ${reason}`
} as const
