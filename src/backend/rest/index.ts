// Placeholder until the REST API lands (issue 3); answers 501 so nothing pretends to work.
import type { BackendContext } from '../context'
import { jsonResponse, type Handler } from '../http/types'

export function createRestApi(_context: BackendContext): Handler {
  return async () => jsonResponse(501, { code: 'not_implemented', message: 'Not implemented yet' })
}
