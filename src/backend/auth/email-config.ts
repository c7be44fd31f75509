// The mail settings GoTrue takes from supabase/config.toml, with the Supabase CLI's key names and
// defaults: [auth.email] (secure email and password change, send interval, code lifetime) and
// [auth.email.smtp] (a real mail server). Read from the same file the hosted project is
// configured from, so the local backend mails as the hosted one does.

import { existsSync, readFileSync } from 'node:fs'
import { readTomlTable } from '../config-toml'

export interface SmtpSettings {
  host: string
  port: number
  user: string
  pass: string
  /** The From address (the CLI's `admin_email`). */
  adminEmail: string
  senderName: string
}

export interface EmailSettings {
  /** `double_confirm_changes`: an email change is confirmed from both addresses. */
  doubleConfirmChanges: boolean
  /** `secure_password_change`: a password change needs a recent sign-in or a nonce. */
  securePasswordChange: boolean
  /** `max_frequency`: the least time between two mails of one kind to one user. */
  maxFrequencySeconds: number
  /** `otp_expiry`: how long a link or code in a mail stays valid. */
  otpExpirySeconds: number
  /** `otp_length`: digits of the code in the mail. */
  otpLength: number
  /** null: mails only reach the local mailbox. */
  smtp: SmtpSettings | null
}

/** The CLI's `supabase init` values. */
export const DEFAULT_EMAIL_SETTINGS: EmailSettings = {
  doubleConfirmChanges: true,
  securePasswordChange: false,
  maxFrequencySeconds: 1,
  otpExpirySeconds: 3600,
  otpLength: 6,
  smtp: null
}

/** Go durations as the CLI writes them: "1s", "60s", "1m30s", "1h". */
export function parseDurationSeconds(text: string): number | null {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text.trim())
  if (!match || text.trim() === '') return null
  const [hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0))
  return hours * 3600 + minutes * 60 + seconds
}

/** The CLI's `env(NAME)` indirection, so passwords stay out of the file. */
function resolveEnv(value: string, env: NodeJS.ProcessEnv): string {
  const match = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim())
  return match ? (env[match[1]] ?? '') : value
}

function readSmtp(source: string, env: NodeJS.ProcessEnv, file?: string): SmtpSettings | null {
  const table = readTomlTable(source, 'auth.email.smtp', file)
  const text = (key: string): string => {
    const value = table.get(key)
    return typeof value === 'string' ? resolveEnv(value, env) : ''
  }
  // The CLI treats a table without `enabled = false` and with a host as switched on.
  if (table.get('enabled') === false || text('host') === '') return null
  const port = table.get('port')
  return {
    host: text('host'),
    port: typeof port === 'number' ? port : Number(text('port')) || 587,
    user: text('user'),
    pass: text('pass'),
    adminEmail: text('admin_email') || 'admin@email.com',
    senderName: text('sender_name')
  }
}

export function parseEmailSettings(
  source: string,
  env: NodeJS.ProcessEnv = process.env,
  file?: string
): EmailSettings {
  const email = readTomlTable(source, 'auth.email', file)
  const flag = (key: string, fallback: boolean): boolean => {
    const value = email.get(key)
    return typeof value === 'boolean' ? value : fallback
  }
  const whole = (key: string, fallback: number): number => {
    const value = email.get(key)
    return typeof value === 'number' && value > 0 ? value : fallback
  }
  const frequency = email.get('max_frequency')
  const maxFrequency = typeof frequency === 'string' ? parseDurationSeconds(frequency) : null
  const defaults = DEFAULT_EMAIL_SETTINGS
  return {
    doubleConfirmChanges: flag('double_confirm_changes', defaults.doubleConfirmChanges),
    securePasswordChange: flag('secure_password_change', defaults.securePasswordChange),
    maxFrequencySeconds: maxFrequency ?? defaults.maxFrequencySeconds,
    otpExpirySeconds: whole('otp_expiry', defaults.otpExpirySeconds),
    otpLength: Math.min(10, Math.max(6, whole('otp_length', defaults.otpLength))),
    smtp: readSmtp(source, env, file)
  }
}

/** The settings of the config.toml at `path`, or the defaults when there is none. */
export function loadEmailSettings(path: string): EmailSettings {
  if (!existsSync(path)) return { ...DEFAULT_EMAIL_SETTINGS }
  return parseEmailSettings(readFileSync(path, 'utf8'), process.env, path)
}
