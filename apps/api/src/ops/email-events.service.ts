import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { findReportedMessage, recordEmailReport } from '@portal/db';
import {
  OPS_MSG,
  WEBHOOK_MAX_SKEW_S,
  bounceTypeOf,
  emailEventSchema,
  type EmailEventInput,
  type ReportType,
} from '@portal/domain';
import { webhookSignature, type Env } from '@portal/platform';
import { ApiException } from '../common/api-exception';
import { ENV } from '../infra/tokens';

/**
 * The signed bounce webhook: checks the signature and the clock first (401, nothing stored), then
 * the body (400), then records the report — idempotent by the body's digest. Known and unknown
 * messages get the same 202, so the webhook tells nobody which addresses exist.
 */
@Injectable()
export class EmailEventsService {
  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  verify(timestamp: string | undefined, signature: string | undefined, rawBody: string | undefined): void {
    const secret = this.env.EMAIL_WEBHOOK_SECRET;
    if (!secret || !timestamp || !signature || rawBody === undefined || !/^\d{1,12}$/.test(timestamp))
      throw new ApiException(401, OPS_MSG.signature);
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WEBHOOK_MAX_SKEW_S)
      throw new ApiException(401, OPS_MSG.signature);
    const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody));
    const given = Buffer.from(signature.trim());
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ApiException(401, OPS_MSG.signature);
  }

  parse(body: unknown): EmailEventInput {
    const result = emailEventSchema.safeParse(body ?? {});
    if (result.success) return result.data;
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
    throw new ApiException(400, result.error.issues[0]?.message ?? 'Invalid request', errors);
  }

  async record(input: EmailEventInput, rawBody: string) {
    const message = await findReportedMessage(this.db, { messageId: input.message_id, recipient: input.recipient });
    if (message && message.recipient === input.recipient) {
      const type: ReportType =
        input.type === 'bounce'
          ? bounceTypeOf(input.status, 'hard_bounce')
          : input.type === 'complaint'
            ? 'complaint'
            : 'delivered';
      await this.db.transaction((m) =>
        recordEmailReport(m, {
          key: `webhook:${createHash('sha256').update(rawBody).digest('hex')}`,
          eventId: message.event_id,
          recipient: message.recipient,
          template: message.template,
          type,
          source: 'webhook',
          enhancedStatus: input.status ?? null,
          diagnostic: input.diagnostic ?? null,
          smtpCode: input.diagnostic ? Number(/^(\d{3})\b/.exec(input.diagnostic)?.[1]) || null : null,
        }),
      );
    }
    return { status: 202, message: OPS_MSG.accepted };
  }
}
