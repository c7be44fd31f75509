// The test files that need a process of their own. The node, integration and jsdom projects run
// their files one after another in one process per worker (vitest.config.mts, isolate: false),
// so modules already loaded are shared between files; a file that replaces a module with vi.mock
// needs that module loaded fresh, so it runs in the `node-isolated`, `integration-isolated` or
// `jsdom-isolated` project instead. So does a jsdom file that puts fake-indexeddb in the window
// ('fake-indexeddb/auto'): that database would outlive it, and the stores of earlier files' tests,
// still running in that process, would read and write it under the same user. tests/unit/shared/test-projects.test.ts checks that every such file is here.

export const ISOLATED_UNIT_FILES = [
  'tests/unit/backend/auth/password-pool.test.ts',
  'tests/unit/backend/storage/byte-store-race.test.ts',
  'tests/unit/main/menu-language.test.ts',
  'tests/unit/main/preload.test.ts',
  'tests/unit/main/window-behaviour.test.ts',
  'tests/unit/local/utility-entry.test.ts'
]

export const ISOLATED_INTEGRATION_FILES = [
  'tests/integration/auth/password-hashing.test.ts',
  'tests/integration/hardening/desktop.test.ts'
]

export const ISOLATED_JSDOM_FILES = [
  'src/renderer/src/components/CreatePostModal/AltTextReminder.test.tsx',
  'src/renderer/src/components/CreatePostModal/CreatePostModal.cancel.test.tsx',
  'src/renderer/src/components/CreatePostModal/CreatePostModal.carousel.test.tsx',
  'src/renderer/src/components/CreatePostModal/CreatePostModal.discard.test.tsx',
  'src/renderer/src/components/CreatePostModal/CreatePostModal.test.tsx',
  'src/renderer/src/components/CreateStoryModal/CreateStoryModal.test.tsx',
  'src/renderer/src/components/CreateStoryModal/CreateStoryModal.video.test.tsx',
  'src/renderer/src/components/DraftPrompt/commentDraft.test.tsx',
  'src/renderer/src/components/DraftPrompt/createDraft.test.tsx',
  'src/renderer/src/components/PostCard/CardCommentBox.test.tsx',
  'src/renderer/src/components/WelcomeModal/WelcomeModal.test.tsx',
  'src/renderer/src/components/YourInformation/YourInformationSection.test.tsx',
  'src/renderer/src/drop/photoHandover.test.tsx',
  'src/renderer/src/i18n/pseudoLocale.create.test.tsx',
  'src/renderer/src/store/wiring/outboxInApp.test.tsx'
]
