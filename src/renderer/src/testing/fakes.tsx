// Test doubles for the bridge and the data services, so component and store tests run with no
// network: every call is a vi.fn that a test can inspect or re-program. One import for tests;
// each kind lives in a module of its own.

export * from './factories'
export * from './fakeApi'
export * from './fakeServices'
export * from './harness'
