import nodemailer, { type Transporter } from 'nodemailer';

/** A file sent with a message, read from disk as it is sent (never held in a queue payload). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Absolute path in the files store. */
  path: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * The envelope sender (SMTP MAIL FROM) when it differs from the From header: a VERP address
   * `bounces+<token>@BOUNCE_DOMAIN`, so a late bounce names the message it is about.
   */
  envelopeFrom?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /**
   * Hands one message to SMTP. A refusal rejects with nodemailer's error, which carries
   * `responseCode` (e.g. 550), `command` ('RCPT TO', 'DATA', …) and `response` (the server's line).
   */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send({ envelopeFrom, ...message }) {
      const info = await transport.sendMail({
        from,
        ...message,
        ...(envelopeFrom
          ? {
              envelope: { from: envelopeFrom, to: message.to },
              // Ask for a delivery status notification on failure only (RFC 3461), with headers.
              dsn: { id: envelopeFrom, return: 'headers', notify: ['failure', 'delay'], recipient: message.to },
            }
          : {}),
      });
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transport.close(),
  };
}
