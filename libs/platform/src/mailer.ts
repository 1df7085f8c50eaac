import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: String(info.messageId ?? '') };
    },
    close: () => transport.close(),
  };
}
