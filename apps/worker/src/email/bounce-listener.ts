import { createHash } from 'node:crypto';
import type { SMTPServer as SMTPServerType } from 'smtp-server';
import type { simpleParser as simpleParserType } from 'mailparser';
import type { DataSource } from 'typeorm';
import { findReportedMessage, recordEmailReport } from '@portal/db';
import { parseDeliveryStatus, verpTokenOf } from './dsn';

/** Inbound reports larger than this are refused (a DSN with headers is a few KB). */
export const MAX_BOUNCE_BYTES = 512 * 1024;

export interface BounceListener {
  port: number;
  stop(): Promise<void>;
}

/**
 * A small SMTP listener for late bounces: accepts mail only for `bounces+<token>@<domain>` (the VERP
 * envelope sender of each message), reads the RFC 3464 delivery-status part and records each
 * recipient's report (idempotent: the same report twice changes nothing).
 */
export async function startBounceListener(
  db: DataSource,
  opts: { port: number; host?: string; domain: string; log: (msg: string) => void },
): Promise<BounceListener> {
  // The SMTP server and mail parser are loaded only when the listener is configured.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy (above)
  const { SMTPServer } = require('smtp-server') as { SMTPServer: typeof SMTPServerType };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_BOUNCE_BYTES,
    banner: 'portal bounce listener',
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!verpTokenOf(address.address, opts.domain)) {
        const err = new Error('5.1.1 No such bounce address') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          const err = new Error('5.3.4 Message too big') as Error & { responseCode: number };
          err.responseCode = 552;
          return callback(err);
        }
        const raw = Buffer.concat(chunks);
        const tokens = session.envelope.rcptTo
          .map((r) => verpTokenOf(r.address, opts.domain))
          .filter((t): t is string => !!t);
        handleReport(db, raw, tokens).then(
          () => callback(),
          (err: unknown) => {
            opts.log(`bounce report not recorded: ${(err as Error).message}`);
            const e = new Error('4.3.0 Try again later') as Error & { responseCode: number };
            e.responseCode = 451;
            callback(e);
          },
        );
      });
    },
  });
  server.on('error', (err) => opts.log(`bounce listener error: ${err.message}`));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.log(`bounce listener on port ${port} for bounces+…@${opts.domain}`);
  return { port, stop: () => new Promise<void>((r) => server.close(() => r())) };
}

async function handleReport(db: DataSource, raw: Buffer, tokens: string[]): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the listener (above)
  const { simpleParser } = require('mailparser') as { simpleParser: typeof simpleParserType };
  const mail = await simpleParser(raw);
  const type = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  const isReport = type?.value?.toLowerCase() === 'multipart/report';
  // mailparser keeps a delivery-status part as an attachment or (usually) inlines it into the text.
  const part = mail.attachments.find((a) => /^message\/(global-)?delivery-status$/i.test(a.contentType));
  if (!isReport && !part) return; // not a DSN (an auto-reply, spam): accepted and dropped
  const reports = parseDeliveryStatus(part ? part.content.toString('utf8') : (mail.text ?? ''));
  const digest = createHash('sha256').update(raw).digest('hex');
  for (const token of tokens) {
    const message = await findReportedMessage(db, { verpToken: token });
    if (!message) continue;
    const report = reports.find((r) => r.recipient === message.recipient) ?? reports[0];
    if (!report) continue;
    await db.transaction((m) =>
      recordEmailReport(m, {
        key: `dsn:${digest}:${token}`,
        eventId: message.event_id,
        recipient: message.recipient,
        template: message.template,
        type: report.type,
        source: 'dsn',
        enhancedStatus: report.status,
        diagnostic: report.diagnostic,
        smtpCode: report.diagnostic ? Number(/^(\d{3})/.exec(report.diagnostic)?.[1]) || null : null,
      }),
    );
  }
}
