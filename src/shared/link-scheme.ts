// The URL scheme the desktop app is registered for: every link that opens it (a post, a
// profile, a conversation, a mailed auth link) starts with `instaframe://`.

export const DEEP_LINK_SCHEME = 'instaframe'
