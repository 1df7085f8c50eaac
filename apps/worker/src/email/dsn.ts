import { bounceTypeOf, enhancedStatusOf, firstLine, type ReportType } from '@portal/domain';

/** One per-recipient block of an RFC 3464 `message/delivery-status` report. */
export interface DsnRecipient {
  recipient: string | null;
  action: string;
  status: string | null;
  diagnostic: string | null;
  type: ReportType;
}

/** Reads the per-recipient fields (Final-Recipient, Action, Status, Diagnostic-Code) of a DSN. */
export function parseDeliveryStatus(text: string): DsnRecipient[] {
  // Header-style fields in blank-line separated groups; the first group is per-message.
  const groups = text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ') // unfold
    .split(/\n\s*\n/)
    .map((g) => {
      const fields = new Map<string, string>();
      for (const line of g.split('\n')) {
        const i = line.indexOf(':');
        if (i > 0) fields.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
      }
      return fields;
    })
    .filter((f) => f.has('action') || f.has('final-recipient'));
  return groups.map((f) => {
    const action = (f.get('action') ?? '').toLowerCase();
    const status = enhancedStatusOf(f.get('status')) ?? null;
    const diagnosticRaw = f.get('diagnostic-code') ?? null;
    const diagnostic = diagnosticRaw ? firstLine(diagnosticRaw.replace(/^[a-z-]+;\s*/i, '')) : null;
    const recipientRaw = f.get('final-recipient') ?? f.get('original-recipient') ?? null;
    const recipient = recipientRaw
      ? recipientRaw
          .replace(/^[a-z0-9-]+;\s*/i, '')
          .trim()
          .toLowerCase()
      : null;
    let type: ReportType;
    if (action === 'delivered' || action === 'relayed' || action === 'expanded') type = 'delivered';
    else if (action === 'delayed') type = 'soft_bounce';
    else type = bounceTypeOf(status, 'hard_bounce');
    return { recipient, action, status, diagnostic, type };
  });
}

/** The token of a VERP envelope address `bounces+<token>@<domain>`, or null. */
export function verpTokenOf(address: string, domain: string): string | null {
  const m = /^bounces\+([a-z0-9]{8,64})@(.+)$/i.exec(address.trim());
  return m && m[2].toLowerCase() === domain.toLowerCase() ? m[1].toLowerCase() : null;
}
