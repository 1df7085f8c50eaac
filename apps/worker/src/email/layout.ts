import { plainText } from '@portal/domain';

export const PRODUCT_NAME = 'Filter Portal';

/** An email's greeting, without a name when there is none. */
export function hello(username: string): string {
  return username ? `Hello ${username},` : 'Hello,';
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

/**
 * Renders one branded HTML email and its plain-text twin. All dynamic text is escaped, and control
 * characters (line breaks, bidi overrides) are flattened: a name can never start a line of its own
 * or reorder the text around it, even if one got past the API's validation.
 */
export function renderEmail(raw: EmailContent): { subject: string; html: string; text: string } {
  const content: EmailContent = {
    subject: plainText(raw.subject),
    heading: plainText(raw.heading),
    paragraphs: raw.paragraphs.map(plainText),
    ...(raw.action ? { action: { label: plainText(raw.action.label), url: plainText(raw.action.url) } } : {}),
    ...(raw.footnote ? { footnote: plainText(raw.footnote) } : {}),
  };
  const p = content.paragraphs.map((t) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`).join('');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br>${escapeHtml(content.action.url)}</p>`
    : '';
  const foot = content.footnote ? `<p style="font-size:13px;color:#555">${escapeHtml(content.footnote)}</p>` : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;padding:32px">
<tr><td><div style="font-size:18px;font-weight:700;color:#1864ab;margin-bottom:24px">${PRODUCT_NAME}</div>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>${p}${button}${foot}
<p style="font-size:12px;color:#8a96a3;margin-top:32px">This message was sent by ${PRODUCT_NAME}. Please do not reply to this email.</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    PRODUCT_NAME,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((t) => [t, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `This message was sent by ${PRODUCT_NAME}. Please do not reply to this email.`,
  ].join('\n');
  return { subject: content.subject, html, text };
}
