// GET /admin/users as GoTrue pages it: newest first, `page` and `per_page` (default 50), the
// total in X-Total-Count and the next and last pages in a Link header, which auth-js's
// listUsers() parses into nextPage, lastPage and total. Also the admin's view of a user's MFA
// factors (list and delete).

import type { BackendContext } from '../context'
import { jsonResponse, type ApiRequest, type ApiResponse } from '../http/types'
import { asAuthAdmin } from './admin'
import { API_VERSION_HEADER, AuthError, validationFailed } from './errors'
import { FACTOR_JSON, loadUser, tidy, tidyFactor, USER_JSON, type UserObject } from './users'
import { dropOrphanRecoveryCodes } from './recovery-code-store'

const DEFAULT_PER_PAGE = 50
/** GoTrue has no ceiling; the local backend bounds every response (docs/architecture.md). */
const MAX_PER_PAGE = 1000

/** Go's strconv.ParseUint, with its error text. */
function parseUint(raw: string | null, fallback: number): number {
  if (raw === null || raw === '') return fallback
  if (!/^\d+$/.test(raw)) {
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`
    )
  }
  return Number(raw)
}

function paginationHeaders(page: number, perPage: number, total: number): Record<string, string> {
  const totalPages = Math.ceil(total / perPage)
  const link = (target: number): string => `</admin/users?page=${target}&per_page=${perPage}>`
  let header = ''
  if (totalPages > page) header += `${link(page + 1)}; rel="next", `
  header += `${link(totalPages)}; rel="last"`
  return { link: header, 'x-total-count': String(total) }
}

export async function listUsers(
  context: BackendContext,
  request: ApiRequest
): Promise<ApiResponse> {
  const params = request.url.searchParams
  const page = Math.max(1, parseUint(params.get('page'), 1))
  const perPage = Math.min(
    MAX_PER_PAGE,
    Math.max(1, parseUint(params.get('per_page'), DEFAULT_PER_PAGE))
  )
  // GoTrue's filter: a substring of the email or of user_metadata.full_name.
  const filter = params.get('filter') ?? ''
  const pattern = `%${filter.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const { users, total } = await asAuthAdmin(context.db, async (tx) => {
    const { rows } = await tx.query<{ user: UserObject; total: string }>(
      `select ${USER_JSON} as user, count(*) over () as total
         from auth.users u
        where u.aud = 'authenticated'
          and ($1 = '' or u.email ilike $2 or u.raw_user_meta_data ->> 'full_name' ilike $2)
        order by u.created_at desc, u.id
        limit $3 offset $4`,
      [filter, pattern, perPage, (page - 1) * perPage]
    )
    let count = rows[0] ? Number(rows[0].total) : 0
    if (!rows[0] && page > 1) {
      const counted = await tx.query<{ n: string }>(
        `select count(*) as n from auth.users u where u.aud = 'authenticated'
            and ($1 = '' or u.email ilike $2 or u.raw_user_meta_data ->> 'full_name' ilike $2)`,
        [filter, pattern]
      )
      count = Number(counted.rows[0].n)
    }
    return { users: rows.map((row) => tidy(row.user)), total: count }
  })
  return jsonResponse(
    200,
    { users, aud: 'authenticated' },
    { ...API_VERSION_HEADER, ...paginationHeaders(page, perPage, total) }
  )
}

async function requireUserExists(context: BackendContext, userId: string): Promise<void> {
  const user = await asAuthAdmin(context.db, (tx) => loadUser(tx, userId, { includeDeleted: true }))
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
}

export async function listUserFactors(
  context: BackendContext,
  userId: string
): Promise<ApiResponse> {
  await requireUserExists(context, userId)
  const factors = await asAuthAdmin(context.db, async (tx) => {
    const { rows } = await tx.query<{ factor: Record<string, unknown> }>(
      `select ${FACTOR_JSON} as factor from auth.mfa_factors f
        where f.user_id = $1 order by f.created_at`,
      [userId]
    )
    return rows.map((row) => tidyFactor(row.factor))
  })
  return jsonResponse(200, factors, API_VERSION_HEADER)
}

export async function deleteUserFactor(
  context: BackendContext,
  userId: string,
  factorId: string
): Promise<ApiResponse> {
  await requireUserExists(context, userId)
  const factor = await asAuthAdmin(context.db, async (tx) => {
    const { rows } = await tx.query<{ factor: Record<string, unknown> }>(
      `delete from auth.mfa_factors f where f.id = $1 and f.user_id = $2
       returning ${FACTOR_JSON} as factor`,
      [factorId, userId]
    )
    await dropOrphanRecoveryCodes(tx, userId)
    return rows[0] ? tidyFactor(rows[0].factor) : null
  })
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found')
  return jsonResponse(200, factor, API_VERSION_HEADER)
}
