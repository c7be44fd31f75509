// The integration files that need a process of their own. The integration project runs its files
// one after another in one process per worker (vitest.config.mts, isolate: false), so modules
// already loaded are shared between files; a file that replaces a module with vi.mock needs that
// module loaded fresh, so it runs in the `integration-isolated` project instead.
// tests/unit/shared/test-projects.test.ts checks that every such file is listed here.

export const ISOLATED_INTEGRATION_FILES = [
  'tests/integration/auth/password-hashing.test.ts',
  'tests/integration/hardening/desktop.test.ts'
]
