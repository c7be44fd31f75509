// The test files that need a process of their own. The node and integration projects run their
// files one after another in one process per worker (vitest.config.mts, isolate: false), so
// modules already loaded are shared between files; a file that replaces a module with vi.mock
// needs that module loaded fresh, so it runs in the `node-isolated` or `integration-isolated`
// project instead. tests/unit/shared/test-projects.test.ts checks that every such file is here.

export const ISOLATED_UNIT_FILES = [
  'tests/unit/backend/auth/password-pool.test.ts',
  'tests/unit/main/preload.test.ts',
  'tests/unit/main/window-behaviour.test.ts',
  'tests/unit/local/utility-entry.test.ts'
]

export const ISOLATED_INTEGRATION_FILES = [
  'tests/integration/auth/password-hashing.test.ts',
  'tests/integration/hardening/desktop.test.ts'
]
