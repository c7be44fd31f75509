// Features the local backend does not offer answer exactly as a hosted project with them
// switched off does (GoTrue's require*Enabled middlewares and provider checks), so code written
// against supabase-js gets the same error it would in production, never "No auth route".

import { AuthError } from './errors'

const notFound = (code: string, message: string): AuthError => new AuthError(404, code, message)

const SAML_DISABLED = (): AuthError => notFound('saml_provider_disabled', 'SAML 2.0 is disabled')
const LINKING_DISABLED = (): AuthError =>
  notFound('manual_linking_disabled', 'Manual linking is disabled')
const OAUTH_SERVER_DISABLED = (): AuthError =>
  notFound('feature_disabled', 'OAuth server is disabled')
const CUSTOM_PROVIDERS_DISABLED = (): AuthError =>
  notFound('feature_disabled', 'Custom OAuth providers are disabled')
const PASSKEYS_DISABLED = (): AuthError => notFound('passkey_disabled', 'Passkeys are disabled')

/** Route prefixes of switched-off features, checked in order (method-independent). */
const PREFIXES: [RegExp, () => AuthError][] = [
  [/^\/sso(\/|$)/, SAML_DISABLED],
  [/^\/admin\/sso(\/|$)/, SAML_DISABLED],
  [/^\/user\/identities(\/|$)/, LINKING_DISABLED],
  [/^\/oauth\//, OAUTH_SERVER_DISABLED],
  [/^\/user\/oauth\//, OAUTH_SERVER_DISABLED],
  [/^\/admin\/oauth\//, OAUTH_SERVER_DISABLED],
  [/^\/admin\/custom-providers(\/|$)/, CUSTOM_PROVIDERS_DISABLED],
  [/^\/passkeys(\/|$)/, PASSKEYS_DISABLED],
  [/^\/admin\/users\/[^/]+\/passkeys(\/|$)/, PASSKEYS_DISABLED]
]

/** The switched-off answer for a route of a feature this backend does not offer, or null. */
export function disabledFeature(path: string): AuthError | null {
  for (const [pattern, refusal] of PREFIXES) if (pattern.test(path)) return refusal()
  return null
}

/** Providers GoTrue knows; any other name "could not be found". */
const KNOWN_PROVIDERS = new Set([
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'slack',
  'slack_oidc',
  'snapchat',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom'
])

/** GET /authorize?provider=…: no OAuth provider is enabled on the local backend. */
export function oauthProviderRefusal(provider: string | null): AuthError {
  const name = (provider ?? '').toLowerCase()
  if (KNOWN_PROVIDERS.has(name)) {
    return new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled')
  }
  return new AuthError(
    400,
    'validation_failed',
    `Unsupported provider: Provider ${provider ?? ''} could not be found`
  )
}

/** POST /token grants of switched-off sign-in methods. */
export function disabledGrant(grantType: string, body: Record<string, unknown>): AuthError | null {
  switch (grantType) {
    case 'web3':
      return new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled')
    case 'id_token': {
      const provider = typeof body.provider === 'string' ? body.provider : ''
      return new AuthError(
        400,
        'provider_disabled',
        `Provider (issuer ${JSON.stringify(provider)}) is not enabled`
      )
    }
    case 'pkce':
      return new AuthError(
        404,
        'flow_state_not_found',
        'invalid flow state, no valid flow state found'
      )
    case 'password':
      if (typeof body.phone === 'string' && body.phone !== '' && !body.email) {
        return new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled')
      }
      return null
    default:
      return null
  }
}

/** POST /signup with a phone number: SMS is not offered. */
export const phoneSignupsDisabled = (): AuthError =>
  new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled')
