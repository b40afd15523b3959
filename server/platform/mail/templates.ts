/**
 * Layout of the portal's e-mails: one German text with a salutation, paragraphs, an optional button link and the
 * tenant's closing, rendered as plain text and as simple HTML (inline styles only, every value escaped).
 */
import catalogue from '@contract/i18n/de/mail.json';
import { fill } from '@contract/i18n/fill';
import type { TenantDefinition } from '../../tenants';

/** Content of a mail independent of the format. */
export interface MailContent {
  subject: string;
  /** First line, for example "Sehr geehrte Frau Muster," (a neutral one when unknown). */
  salutation: string;
  paragraphs: string[];
  /** A link the mail is about (activation, reset): shown as a button in HTML and as a bare URL in the text. */
  link?: { label: string; url: string };
  /** Paragraphs after the link (validity, what to do if the mail was unexpected). */
  after?: string[];
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Salutation for a person ("Sehr geehrte Frau Mag.a Muster,"), neutral for DIVERSE or unknown gender. */
export function salutationFor(person: { gender?: string | null; titlePrefix?: string | null; firstName?: string | null; lastName?: string | null } | null): string {
  const texts = catalogue.mail.salutation;
  if (!person?.lastName) return texts.none;
  const values = { title: person.titlePrefix ? `${person.titlePrefix} ` : '', firstName: person.firstName ?? '', lastName: person.lastName };
  if (person.gender === 'FEMALE') return fill(texts.female, values);
  if (person.gender === 'MALE') return fill(texts.male, values);
  return fill(texts.other, values).replace(/\s+/g, ' ').replace(' ,', ',');
}

/** Renders `content` for `tenant` into subject, text and HTML (the fields `Mailer.send` takes besides the address). */
export function renderMail(tenant: TenantDefinition, content: MailContent): { subject: string; text: string; html: string } {
  const closing = [catalogue.mail.closing, tenant.mailSenderName];
  const footer = catalogue.mail.footer;
  const textParts = [content.salutation, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.link) textParts.push(`${content.link.label}:`, content.link.url, '');
  for (const p of content.after ?? []) textParts.push(p, '');
  textParts.push(...closing, '', '--', footer);
  const text = textParts.join('\n');

  const p = (t: string) => `<p style="margin:0 0 1em 0">${escapeHtml(t)}</p>`;
  const link = content.link
    ? `<p style="margin:1.5em 0"><a href="${escapeHtml(content.link.url)}" style="background:#00467f;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(content.link.label)}</a></p>` +
      `<p style="margin:0 0 1em 0;font-size:13px;color:#444">${escapeHtml(catalogue.mail.linkFallback)}<br>${escapeHtml(content.link.url)}</p>`
    : '';
  const html = [
    '<!DOCTYPE html>',
    `<html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a;max-width:640px">',
    p(content.salutation),
    ...content.paragraphs.map(p),
    link,
    ...(content.after ?? []).map(p),
    `<p style="margin:1.5em 0 1em 0">${closing.map(escapeHtml).join('<br>')}</p>`,
    `<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: content.subject, text, html };
}

/**
 * The absolute URL of a web route for mails: `origin` (PUBLIC_ORIGIN, or the request's origin) plus the hash route,
 * for example `portalLink('https://portal.example.at', '/activation', { id: token })` →
 * `https://portal.example.at/#/activation?id=…`.
 */
export function portalLink(origin: string, route: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${origin.replace(/\/+$/, '')}/#${route}${query ? `?${query}` : ''}`;
}
