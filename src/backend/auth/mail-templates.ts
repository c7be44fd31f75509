// GoTrue's default mail templates (subjects and bodies), so a mail from the local backend reads
// as one from a hosted project with no custom templates. Every value is HTML-escaped in the
// HTML part: addresses and site URLs come from users and config.

import { escapeHtml } from '../mail/html'

export type MailKind =
  'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication'

export interface TemplateValues {
  siteUrl: string
  /** The verify link; absent for reauthentication, which mails a code only. */
  confirmationUrl?: string
  /** The one-time code. */
  token: string
  email: string
  newEmail?: string
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

const SUBJECTS: Record<MailKind, string> = {
  signup: 'Confirm Your Email',
  invite: 'You have been invited',
  magiclink: 'Your Magic Link',
  recovery: 'Reset Your Password',
  email_change: 'Confirm Email Change',
  reauthentication: 'Confirm reauthentication'
}

interface Body {
  heading: string
  intro: string
  linkLabel: string
}

function body(kind: Exclude<MailKind, 'reauthentication'>, v: TemplateValues): Body {
  switch (kind) {
    case 'signup':
      return {
        heading: 'Confirm your email',
        intro: 'Follow this link to confirm your email:',
        linkLabel: 'Confirm your email address'
      }
    case 'invite':
      return {
        heading: 'You have been invited',
        intro: `You have been invited to create a user on ${v.siteUrl}. Follow this link to accept the invite:`,
        linkLabel: 'Accept the invite'
      }
    case 'magiclink':
      return { heading: 'Magic Link', intro: 'Follow this link to login:', linkLabel: 'Log In' }
    case 'recovery':
      return {
        heading: 'Reset password',
        intro: 'Follow this link to reset the password for your user:',
        linkLabel: 'Reset password'
      }
    case 'email_change':
      return {
        heading: 'Confirm email address change',
        intro: `Follow this link to confirm the update of your email address from ${v.email} to ${v.newEmail ?? ''}:`,
        linkLabel: 'Change email address'
      }
  }
}

export function renderMail(kind: MailKind, values: TemplateValues): RenderedMail {
  const subject = SUBJECTS[kind]
  if (kind === 'reauthentication' || !values.confirmationUrl) {
    return {
      subject,
      html: `<h2>Confirm reauthentication</h2>\n<p>Enter the code: ${escapeHtml(values.token)}</p>`,
      text: `Confirm reauthentication\n\nEnter the code: ${values.token}\n`
    }
  }
  const { heading, intro, linkLabel } = body(kind, values)
  const url = values.confirmationUrl
  return {
    subject,
    html: [
      `<h2>${escapeHtml(heading)}</h2>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(linkLabel)}</a></p>`,
      `<p>Alternatively, enter the code: ${escapeHtml(values.token)}</p>`
    ].join('\n'),
    text: `${heading}\n\n${intro}\n\n${linkLabel}: ${url}\n\nAlternatively, enter the code: ${values.token}\n`
  }
}
