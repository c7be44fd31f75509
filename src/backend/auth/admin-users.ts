// The admin user API (`supabase.auth.admin.*` with the service_role key): create, list with
// GoTrue's Link and X-Total-Count headers, get, update and delete users, and list or remove a
// user's MFA factors. Every request passes requireAdmin first (403 not_admin otherwise).

import { randomBytes } from 'node:crypto'
import type { BackendContext } from '../context'
import type { Queryable } from '../db/database'
import { isPostgresError } from '../db/database'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import {
  changeEmail,
  changePhone,
  confirmEmail,
  emailExists,
  insertAccount,
  mergeMetadata,
  phoneExists,
  setBan,
  softDeleteAccount,
  taken
} from './accounts'
import { API_VERSION_HEADER, AuthError, validationFailed } from './errors'
import { GoDurationError, parseGoDuration } from './go-duration'
import { UUID } from './guards'
import { hashPassword } from './passwords'
import { jsonObject } from './request'
import { loadUser, type UserObject } from './users'
import { checkNewPassword, MAX_PASSWORD_BYTES, normaliseEmail, normalisePhone } from './validation'

const userNotFound = (): AuthError => new AuthError(404, 'user_not_found', 'User not found')

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const object = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null

/** The body's email and phone, normalised (and checked); null where not given. */
function contactOf(body: Record<string, unknown>): { email: string | null; phone: string | null } {
  return {
    email: text(body.email) ? normaliseEmail(body.email, '') : null,
    phone: text(body.phone) ? normalisePhone(text(body.phone)) : null
  }
}

/** `ban_duration` in milliseconds ("none" is 0), or null when not given. */
function banDuration(body: Record<string, unknown>): number | null {
  const value = text(body.ban_duration)
  if (value === '') return null
  if (value === 'none') return 0
  try {
    return parseGoDuration(value)
  } catch (error) {
    if (error instanceof GoDurationError) {
      throw validationFailed(`invalid format for ban duration: ${error.message}`)
    }
    throw error
  }
}

/** A bcrypt `password_hash` is stored as given, so users move in from another GoTrue. */
async function passwordHashOf(
  context: BackendContext,
  body: Record<string, unknown>
): Promise<string> {
  const hash = text(body.password_hash)
  const password = typeof body.password === 'string' ? body.password : null
  if (password !== null && hash !== '') {
    throw validationFailed('Only a password or a password hash should be provided')
  }
  if (hash !== '') {
    if (!/^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hash)) {
      throw validationFailed('password_hash must be a bcrypt hash')
    }
    return hash
  }
  if (password && Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw validationFailed('bcrypt: password length exceeds 72 bytes')
  }
  // No password: a long random one, so the account can only sign in another way.
  return hashPassword(
    context.passwords,
    password || randomBytes(48).toString('base64url'),
    context.config.auth.passwordCost
  )
}

async function loadOrNotFound(tx: Queryable, id: string): Promise<UserObject> {
  const user = await loadUser(tx, id, { includeDeleted: true })
  if (!user) throw userNotFound()
  return user
}

export async function createUser(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const body = jsonObject(request)
  const { email, phone } = contactOf(body)
  if (!email && !phone) {
    throw validationFailed('Cannot create a user without either an email or phone')
  }
  const id = text(body.id) || undefined
  if (id !== undefined && !UUID.test(id)) {
    throw validationFailed('ID must conform to the uuid v4 format')
  }
  if (id === '00000000-0000-0000-0000-000000000000') {
    throw validationFailed('ID cannot be a nil uuid')
  }
  const ban = banDuration(body)
  const passwordHash = await passwordHashOf(context, body)
  const providers = [...(email ? ['email'] : []), ...(phone ? ['phone'] : [])]
  const user = await asAuthAdmin(context.db, async (tx) => {
    if (email && (await taken(tx, 'email', email, null))) throw emailExists()
    if (phone && (await taken(tx, 'phone', phone, null))) throw phoneExists()
    let userId: string
    try {
      userId = await insertAccount(tx, {
        id,
        aud: text(body.aud) || undefined,
        role: text(body.role) || undefined,
        email,
        phone,
        passwordHash,
        userMetadata: object(body.user_metadata) ?? {},
        appMetadata: { provider: providers[0], providers },
        anonymous: false
      })
    } catch (error) {
      console.error('[auth] admin user insert failed:', error)
      throw new AuthError(500, 'unexpected_failure', 'Database error creating new user')
    }
    const appMetadata = object(body.app_metadata)
    if (appMetadata) await mergeMetadata(tx, userId, 'raw_app_meta_data', appMetadata)
    if (body.email_confirm === true && email) await confirmEmail(tx, userId)
    if (body.phone_confirm === true && phone) {
      await tx.query(`update auth.users set phone_confirmed_at = now() where id = $1`, [userId])
    }
    if (ban !== null) await setBan(tx, userId, ban)
    return loadOrNotFound(tx, userId)
  })
  return jsonResponse(200, user, API_VERSION_HEADER)
}

export async function updateUser(
  context: BackendContext,
  request: ApiRequest,
  id: string
): Promise<ApiResponse> {
  const body = jsonObject(request)
  const { email, phone } = contactOf(body)
  const ban = banDuration(body)
  const password = typeof body.password === 'string' ? checkNewPassword(body.password) : null
  const passwordHash =
    password === null
      ? null
      : await hashPassword(context.passwords, password, context.config.auth.passwordCost)
  const user = await asAuthAdmin(context.db, async (tx) => {
    const current = await loadOrNotFound(tx, id)
    if (text(body.role)) {
      await tx.query(`update auth.users set role = $2 where id = $1`, [id, text(body.role)])
    }
    if (body.email_confirm === true) await confirmEmail(tx, id)
    if (passwordHash) {
      await tx.query(
        `update auth.users set encrypted_password = $2, updated_at = now() where id = $1`,
        [id, passwordHash]
      )
    }
    if (email) await changeEmail(tx, current, email, body.email_confirm === true)
    if (phone) await changePhone(tx, current, phone, body.phone_confirm === true)
    const appMetadata = object(body.app_metadata)
    if (appMetadata) await mergeMetadata(tx, id, 'raw_app_meta_data', appMetadata)
    const userMetadata = object(body.user_metadata)
    if (userMetadata) await mergeMetadata(tx, id, 'raw_user_meta_data', userMetadata)
    if (ban !== null) await setBan(tx, id, ban)
    return loadOrNotFound(tx, id)
  })
  return jsonResponse(200, user, API_VERSION_HEADER)
}

export async function getUser(context: BackendContext, id: string): Promise<ApiResponse> {
  const user = await asAuthAdmin(context.db, (tx) => loadOrNotFound(tx, id))
  return jsonResponse(200, user, API_VERSION_HEADER)
}

export async function deleteUser(
  context: BackendContext,
  request: ApiRequest,
  id: string
): Promise<ApiResponse> {
  const soft = jsonObject(request).should_soft_delete === true
  await asAuthAdmin(context.db, async (tx) => {
    const user = await loadOrNotFound(tx, id)
    if (soft) {
      if (user.deleted_at) return
      await softDeleteAccount(tx, { id, email: user.email, phone: String(user.phone ?? '') })
      return
    }
    try {
      await tx.query(`delete from auth.users where id = $1`, [id])
    } catch (error) {
      // An app table that references the user without ON DELETE CASCADE keeps it alive.
      if (isPostgresError(error) && error.code === '23503') {
        console.error('[auth] user delete refused by a foreign key:', error.message)
        throw new AuthError(500, 'unexpected_failure', 'Database error deleting user')
      }
      throw error
    }
  })
  return jsonResponse(200, {}, API_VERSION_HEADER)
}
