import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';

/** A message as the inbox shows it and as `GET /api/messages` returns it. */
export interface CaughtMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
  /** The files attached (their bytes at `GET /api/messages/:id/attachments/:index`). */
  attachments: { filename: string; contentType: string; size: number }[];
}

export interface SmtpCatcherOptions {
  /** SMTP port (default SMTP_PORT or 1025); 0 picks a free port. */
  smtpPort?: number;
  /** Inbox HTTP port (default SMTP_HTTP_PORT or 1080); 0 picks a free port. */
  httpPort?: number;
  host?: string;
  /** Messages kept in memory (oldest dropped first). */
  limit?: number;
  /** When a port is taken, use a free one instead of failing. */
  fallbackToFreePort?: boolean;
}

export interface SmtpCatcher {
  smtpUrl: string;
  inboxUrl: string;
  smtpPort: number;
  httpPort: number;
  messages(): CaughtMessage[];
  /** The bytes of a message's attachment (by its index in `attachments`), or null. */
  attachment(id: string, index: number): Buffer | null;
  clear(): void;
  stop(): Promise<void>;
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function addressText(a: AddressObject | AddressObject[] | undefined): string {
  if (!a) return '';
  return (Array.isArray(a) ? a : [a]).map((x) => x.text).join(', ');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1f2933;background:#f5f7fa}
h1{font-size:1.3rem;margin:0 0 1rem}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #e4e7eb;font-size:.9rem;vertical-align:top}
th{background:#e4e7eb}
a{color:#0b5cad}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;background:#fff;padding:1rem;margin:0 0 1rem}
dt{font-weight:600}
dd{margin:0}
iframe{width:100%;height:60vh;border:1px solid #cbd2d9;background:#fff}
pre{white-space:pre-wrap;background:#fff;padding:1rem;border:1px solid #cbd2d9}
.muted{color:#616e7c}
.scroll{overflow-x:auto}
td{overflow-wrap:anywhere}
@media (max-width:640px){body{padding:.75rem}.from{display:none}th,td{padding:.4rem .5rem}}
</style></head><body>${body}</body></html>`;
}

function listen(
  server: {
    listen: (port: number, host: string) => unknown;
    once: (ev: string, fn: (arg?: unknown) => void) => unknown;
    removeListener: (ev: string, fn: (arg?: unknown) => void) => unknown;
  },
  port: number,
  host: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err?: unknown) => {
      server.removeListener('listening', onListening);
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    const onListening = () => {
      server.removeListener('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

async function listenWithFallback(
  server: Parameters<typeof listen>[0],
  port: number,
  host: string,
  fallback: boolean,
): Promise<void> {
  try {
    await listen(server, port, host);
  } catch (err) {
    if (fallback && port !== 0 && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      await listen(server, 0, host);
      return;
    }
    throw err;
  }
}

/**
 * Local SMTP server that keeps received mail in memory, plus an HTTP inbox:
 *   GET /                 list (newest first)
 *   GET /messages/:id     one message: HTML in a sandboxed iframe (scripts never run) + text
 *   GET /messages/:id/html  the message's HTML alone (the iframe's source; links open in a new tab)
 *   GET /api/messages     JSON [{id, from, to, subject, date, text, html, attachments}] (newest first)
 *   GET /api/messages/:id/attachments/:index  an attachment's bytes
 *   DELETE /api/messages  empties the inbox (tests)
 */
export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const host = options.host ?? '127.0.0.1';
  const limit = options.limit ?? 200;
  const smtpPort = options.smtpPort ?? Number(process.env.SMTP_PORT ?? 1025);
  const httpPort = options.httpPort ?? Number(process.env.SMTP_HTTP_PORT ?? 1080);
  const fallback = options.fallbackToFreePort ?? false;
  let store: CaughtMessage[] = []; // oldest first
  /** Attachment bytes by message id, kept as long as the message. */
  const files = new Map<string, Buffer[]>();

  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    size: 25 * 1024 * 1024,
    closeTimeout: 1000,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'any' });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address).join(', ');
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const id = randomUUID();
          const attached = mail.attachments.filter((a) => a.contentDisposition === 'attachment' || a.filename);
          files.set(
            id,
            attached.map((a) => a.content),
          );
          store.push({
            id,
            from: mail.from?.text || envelopeFrom,
            to: addressText(mail.to) || envelopeTo,
            subject: mail.subject ?? '',
            date: (mail.date ?? new Date()).toISOString(),
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            attachments: attached.map((a) => ({
              filename: a.filename ?? 'attachment',
              contentType: a.contentType,
              size: a.content.length,
            })),
          });
          if (store.length > limit) {
            for (const old of store.slice(0, store.length - limit)) files.delete(old.id);
            store = store.slice(store.length - limit);
          }
          callback();
        })
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    },
  });
  smtp.on('error', (err) => console.error(`[smtp] ${err.message}`));

  const newestFirst = () => [...store].reverse();

  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox.local');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        // The inbox itself runs no script; message HTML is isolated in a sandboxed iframe.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'",
      });
      res.end(body);
    };
    if (url.pathname === '/api/messages') {
      if (req.method === 'DELETE') {
        store = [];
        files.clear();
        return send(200, 'application/json; charset=utf-8', '[]');
      }
      if (req.method === 'GET') return send(200, 'application/json; charset=utf-8', JSON.stringify(newestFirst()));
      return send(405, 'text/plain; charset=utf-8', 'Method not allowed');
    }
    if (req.method !== 'GET') return send(405, 'text/plain; charset=utf-8', 'Method not allowed');
    // An attachment's bytes, as a download (never rendered in the inbox's origin).
    const file = /^\/api\/messages\/([^/]+)\/attachments\/(\d+)$/.exec(url.pathname);
    if (file) {
      const m = store.find((x) => x.id === decodeURIComponent(file[1]));
      const index = Number(file[2]);
      const bytes = m && files.get(m.id)?.[index];
      if (!m || !bytes) return send(404, 'text/plain; charset=utf-8', 'Not found');
      res.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(m.attachments[index].filename)}`,
        'Content-Length': bytes.length,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(bytes);
      return;
    }
    if (url.pathname === '/') {
      const rows = newestFirst()
        .map(
          (m) =>
            `<tr><td>${escapeHtml(new Date(m.date).toLocaleString())}</td><td class="from">${escapeHtml(m.from)}</td>` +
            `<td>${escapeHtml(m.to)}</td><td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td></tr>`,
        )
        .join('');
      const body =
        `<h1>Local inbox (${store.length})</h1>` +
        `<p class="muted">Mail sent by the portal to any address lands here. Newest first; the last ${limit} are kept in memory. <a href="/">Refresh</a></p>` +
        (rows
          ? `<div class="scroll"><table><thead><tr><th>Date</th><th class="from">From</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table></div>`
          : '<p>No messages yet.</p>');
      return send(200, 'text/html; charset=utf-8', page('Local inbox', body));
    }
    // A message's HTML as a document of its own (the preview frame's source): no script runs (the CSP
    // and the frame's sandbox), and links open in a new tab, outside the sandbox, so they work.
    const html = /^\/messages\/([^/]+)\/html$/.exec(url.pathname);
    if (html) {
      const m = store.find((x) => x.id === decodeURIComponent(html[1]));
      if (!m?.html) return send(404, 'text/plain; charset=utf-8', 'Not found');
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-ancestors 'self'; " +
          'sandbox allow-popups allow-popups-to-escape-sandbox',
      });
      res.end(`<base target="_blank">${m.html}`);
      return;
    }
    const match = /^\/messages\/([^/]+)$/.exec(url.pathname);
    if (match) {
      const m = store.find((x) => x.id === decodeURIComponent(match[1]));
      if (!m)
        return send(
          404,
          'text/html; charset=utf-8',
          page('Not found', '<h1>Message not found</h1><p><a href="/">Back to inbox</a></p>'),
        );
      const body =
        `<p><a href="/">&larr; Inbox</a></p><h1>${escapeHtml(m.subject || '(no subject)')}</h1>` +
        `<dl><dt>From</dt><dd>${escapeHtml(m.from)}</dd><dt>To</dt><dd>${escapeHtml(m.to)}</dd>` +
        `<dt>Date</dt><dd>${escapeHtml(new Date(m.date).toLocaleString())}</dd>` +
        (m.attachments.length
          ? `<dt>Attached</dt><dd>${m.attachments
              .map(
                (a, i) =>
                  `<a href="/api/messages/${encodeURIComponent(m.id)}/attachments/${i}">${escapeHtml(a.filename)}</a> (${a.size} bytes)`,
              )
              .join('<br>')}</dd>`
          : '') +
        '</dl>' +
        (m.html
          ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox" title="Message HTML" src="/messages/${encodeURIComponent(m.id)}/html"></iframe>`
          : '') +
        `<h2>Text</h2><pre>${escapeHtml(m.text || '(no text part)')}</pre>`;
      return send(200, 'text/html; charset=utf-8', page(m.subject || 'Message', body));
    }
    return send(404, 'text/plain; charset=utf-8', 'Not found');
  });

  await listenWithFallback(smtp.server, smtpPort, host, fallback);
  try {
    await listenWithFallback(httpServer, httpPort, host, fallback);
  } catch (err) {
    await new Promise<void>((r) => smtp.close(() => r()));
    throw err;
  }
  const actualSmtp = (smtp.server.address() as AddressInfo).port;
  const actualHttp = (httpServer.address() as AddressInfo).port;
  const displayHost = host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host;

  return {
    smtpUrl: `smtp://127.0.0.1:${actualSmtp}`,
    inboxUrl: `http://${displayHost}:${actualHttp}`,
    smtpPort: actualSmtp,
    httpPort: actualHttp,
    messages: newestFirst,
    clear: () => {
      store = [];
      files.clear();
    },
    attachment: (id, index) => files.get(id)?.[index] ?? null,
    stop: async () => {
      httpServer.closeAllConnections();
      await Promise.all([
        new Promise<void>((r) => httpServer.close(() => r())),
        new Promise<void>((r) => smtp.close(() => r())),
      ]);
    },
  };
}

/** Standalone: `node scripts/dist/smtp-catcher.js` */
if (require.main === module) {
  startSmtpCatcher()
    .then((c) => {
      console.log(`SMTP catcher: ${c.smtpUrl} — inbox ${c.inboxUrl}`);
      const stop = () => void c.stop().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((err: unknown) => {
      console.error('SMTP catcher failed:', err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
