import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type OpsActivityEntry,
  type OpsEmailEntry,
  type OpsFailedJob,
  type OpsOnlineEntry,
  type OpsSuppressionEntry,
  type OpsUsageEntry,
  type QueueName,
  type RoleKey,
} from '@portal/contracts';
import { commitChange, removeSuppression, type AuditEntry, type Change } from '@portal/db';
import {
  OPS_MSG,
  bounceReasonWords,
  templateLabel,
  type OpsActivityQuery,
  type OpsEmailQuery,
  type OpsUsageQuery,
} from '@portal/domain';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { OpsMonitor } from './ops-monitor.service';
import { OpsQueues } from './ops-queues';
import {
  ACTIVITY_SOURCES,
  EMAIL_PAGE_SIZE,
  activity,
  activityMarker,
  emailPage,
  onlineUsers,
  suppressions,
  usage,
  userAddress,
  companyOfAddress,
  type ActivityRow,
} from './ops.repository';
import { SharedReads } from './shared-reads';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * An operations change, for the exit: its audit entry and, for a lifted suppression, the live
 * `user.row_changed` so the user lists show the address as ok again.
 */
export function opsChange(entry: AuditEntry, orgCompanyId?: string | null): Change {
  return {
    audit: [entry],
    events: orgCompanyId ? [{ type: 'user.row_changed', payload: { companyId: orgCompanyId } }] : [],
  };
}

/** What the dashboard does with a failed job. */
export type JobRepair = 'retry' | 'discard';

@Injectable()
export class OpsService {
  /** Feed pages for every viewer, read again when a source's newest row moved (or after 2 s). */
  private readonly feeds = new SharedReads<ActivityRow[]>(2000);
  /** Failed-job lists for every viewer, read again when the queue counts moved (or after 1 s, or a repair). */
  private readonly failedLists = new SharedReads<OpsFailedJob[]>(1000);

  constructor(
    private readonly db: DataSource,
    private readonly monitor: OpsMonitor,
    private readonly queues: OpsQueues,
  ) {}

  async summary() {
    return { status: 200, data: await this.monitor.summary() };
  }

  async online() {
    const rows = await onlineUsers(this.db);
    const list: OpsOnlineEntry[] = rows.map((r) => ({
      user: { _id: r.user_id, username: r.username, role: r.role as RoleKey },
      company: r.company_id ? { _id: r.company_id, name: r.company_name ?? '' } : null,
      since: iso(r.since)!,
      last_seen: iso(r.last_seen)!,
    }));
    return { status: 200, data: { list } };
  }

  async activity(q: OpsActivityQuery) {
    const sources = q.kind ? ACTIVITY_SOURCES.filter((s) => s.kind === q.kind) : ACTIVITY_SOURCES;
    const key = JSON.stringify([q.kind ?? null, q.companyId ?? null, q.limit, q.before ?? null]);
    const rows = await this.feeds.get(key, await activityMarker(this.db, sources), () =>
      activity(this.db, sources, {
        before: q.before ? new Date(q.before) : new Date(Date.now() + 60_000),
        companyId: q.companyId ?? null,
        limit: q.limit,
      }),
    );
    return { status: 200, data: { list: rows.map(activityEntry) } };
  }

  async usage(q: OpsUsageQuery) {
    // UTC days, both ends included; by default the last 30 days up to today.
    const toDay = q.to ?? new Date().toISOString().slice(0, 10);
    const fromDay = q.from ?? new Date(Date.parse(`${toDay}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
    const dormantDays = q.dormant ?? null;
    const rows = await usage(this.db, { fromDay, toDay, dormantDays });
    const dormantCut = Date.now() - (dormantDays ?? 30) * 86_400_000;
    const list: OpsUsageEntry[] = rows.map((r) => ({
      company: { _id: r.company_id, name: r.name, status: r.status },
      users: r.users,
      active_users_7d: r.active_7d,
      active_users_30d: r.active_30d,
      signins: r.signins,
      searches: r.searches,
      zero_result_share: r.searches ? Math.round((r.zero_results / r.searches) * 1000) / 1000 : null,
      pricelists: r.pricelists,
      quote_requests: r.quote_requests,
      last_activity: iso(r.last_activity),
      dormant: !r.last_activity || new Date(r.last_activity).getTime() < dormantCut,
      daily_signins: r.daily.map(Number),
    }));
    return { status: 200, data: { list, from: fromDay, to: toDay } };
  }

  async failedJobs(queue: QueueName | undefined) {
    const list = await this.failedLists.get(queue ?? '', this.monitor.mark('jobs'), () => this.queues.failed(queue));
    return { status: 200, data: { list } };
  }

  /**
   * A repair of a failed job from the dashboard: `retry` runs it again, `discard` removes it. 404 when
   * it is gone, 409 when it is not failed (now, or by the time we act: another superadmin moved it).
   */
  async repairJob(user: RequestUser, queue: QueueName, id: string, how: JobRepair) {
    const job = await this.queues.failedJob(queue, id);
    if (job === 'missing') throw new ApiException(404, OPS_MSG.jobNotFound);
    if (job === 'not-failed') throw new ApiException(409, OPS_MSG.jobNotFailed);
    try {
      await (how === 'retry' ? job.retry('failed') : job.remove());
    } catch {
      throw new ApiException(409, OPS_MSG.jobNotFailed);
    } finally {
      this.failedLists.clear();
    }
    const state = { queue, job_id: id, name: job.name, reason: job.failedReason ?? null };
    await this.db.transaction((m) =>
      commitChange(
        m,
        user.actor,
        opsChange({
          action: how === 'retry' ? 'job.retried' : 'job.discarded',
          entity: 'job',
          entityId: `${queue}/${id}`,
          companyId: null,
          ...(how === 'retry' ? { after: state } : { before: state }),
        }),
      ),
    );
    return { status: 200, message: how === 'retry' ? OPS_MSG.retried : OPS_MSG.discarded, data: { queue, _id: id } };
  }

  async email(q: OpsEmailQuery) {
    const rows = await emailPage(this.db, q);
    const list: OpsEmailEntry[] = rows.map((r) => ({
      event_id: r.event_id,
      recipient: r.recipient,
      template: r.template,
      status: r.status,
      smtp_code: r.smtp_code,
      enhanced_status: r.enhanced_status,
      diagnostic: r.diagnostic,
      attempts: r.attempts,
      sent_at: iso(r.sent_at)!,
      updated_at: iso(r.updated_at)!,
    }));
    return {
      status: 200,
      data: { list, total: rows.length ? Number(rows[0].total) : 0, page: q.page, limit: EMAIL_PAGE_SIZE },
    };
  }

  async suppressions() {
    const rows = await suppressions(this.db);
    const list: OpsSuppressionEntry[] = rows.map((r) => ({
      address: r.address,
      reason: r.reason as OpsSuppressionEntry['reason'],
      smtp_code: r.smtp_code,
      enhanced_status: r.enhanced_status,
      diagnostic: r.diagnostic,
      created_at: iso(r.created_at)!,
      user: r.user_id ? { _id: r.user_id, username: r.username ?? '' } : null,
      company: r.company_id ? { _id: r.company_id, name: r.company_name ?? '' } : null,
    }));
    return { status: 200, data: { list } };
  }

  /** `DELETE ops/email/suppressions/{address}` (superadmin). */
  async liftSuppression(user: RequestUser, address: string) {
    await this.lift(user, address, null);
    return { status: 200, message: OPS_MSG.suppressionLifted, data: { address } };
  }

  /**
   * "Try again" for one person: a company admin for their own company's users (404 for anyone else's,
   * like an unknown id), a superadmin for anyone.
   */
  async liftUserSuppression(user: RequestUser, userId: string) {
    const target = await userAddress(this.db, userId.toLowerCase());
    if (!target || (user.role !== 'superadmin' && target.company_id !== user.companyId))
      throw new ApiException(404, 'User not found');
    await this.lift(user, target.email, target.company_id);
    return { status: 200, message: OPS_MSG.suppressionLifted, data: { _id: userId, email_status: 'ok' as const } };
  }

  private async lift(user: RequestUser, address: string, companyId: string | null): Promise<void> {
    await this.db.transaction(async (m) => {
      const removed = await removeSuppression(m, address);
      if (!removed) throw new ApiException(404, OPS_MSG.suppressionNotFound);
      const owner = companyId ?? (await companyOfAddress(m, address));
      await commitChange(
        m,
        user.actor,
        opsChange(
          {
            action: 'email_suppression.removed',
            entity: 'email_suppression',
            entityId: address,
            companyId: owner,
            before: { address, reason: removed.reason, since: iso(removed.created_at) },
          },
          owner,
        ),
      );
    });
  }
}

function userHref(userId: string, companyId: string | null): string {
  return companyId ? `/superadmin/companies/${companyId}/user/${userId}` : `/superadmin/administrators/${userId}`;
}

/** An activity row in words, linking to its record. */
export function activityEntry(r: ActivityRow): OpsActivityEntry {
  const d = (r.detail ?? {}) as Record<string, unknown>;
  const who = r.actor_name ?? 'someone';
  const of = r.company_name ? ` (${r.company_name})` : '';
  const company = r.company_id ? { _id: r.company_id, name: r.company_name ?? '' } : null;
  const base = { _id: `${r.kind}:${r.id}`, kind: r.kind, at: iso(r.at)!, company };
  switch (r.kind) {
    case 'signin':
      return {
        ...base,
        text: `${who}${of} signed in`,
        link: r.actor_id ? { entity: 'user', _id: r.actor_id, href: userHref(r.actor_id, r.company_id) } : null,
      };
    case 'signin_failed':
      return {
        ...base,
        text: `Failed sign-in for ${String(d.email ?? who)}${of}`,
        link: r.actor_id ? { entity: 'user', _id: r.actor_id, href: userHref(r.actor_id, r.company_id) } : null,
      };
    case 'pricelist':
      return {
        ...base,
        text: `${who}${of} requested a ${String(d.format ?? '').toUpperCase()} price list of ${String(d.scope_name ?? 'the catalogue')}`,
        link: r.entity_id
          ? { entity: 'pricelist', _id: r.entity_id, href: `/superadmin/companies/${r.company_id}` }
          : null,
      };
    case 'import':
      return {
        ...base,
        text: `${who} ${String(d.status ?? 'worked on')} a catalogue import${d.file_name ? ` (${String(d.file_name)})` : ''}`,
        link: r.entity_id ? { entity: 'catalogue_import', _id: r.entity_id, href: `/superadmin/catalog` } : null,
      };
    case 'bounce': {
      const status = String(d.status);
      const label = templateLabel(String(d.template));
      const why = bounceReasonWords((d.enhanced_status as string) ?? null, (d.diagnostic as string) ?? null);
      const text =
        status === 'complained'
          ? `The ${label} to ${String(d.recipient)} was reported as spam`
          : `The ${label} to ${String(d.recipient)} ${status === 'failed' ? 'was refused' : 'bounced'}: ${why}`;
      return {
        ...base,
        text,
        link: r.actor_id ? { entity: 'user', _id: r.actor_id, href: userHref(r.actor_id, r.company_id) } : null,
      };
    }
    case 'job_failed':
      return {
        ...base,
        text: `Job ${String(d.queue)}/${r.entity_id} (${String(d.name)}) failed after ${String(d.attempts)} attempt${
          d.attempts === 1 ? '' : 's'
        }: ${String(d.reason)}`,
        link: { entity: 'job', _id: `${String(d.queue)}/${r.entity_id}`, href: `/superadmin/operations?tab=jobs` },
      };
    case 'quote': {
      const number = String(d.number ?? 'a quote request');
      const href = r.entity_id ? `/superadmin/quotes/${r.entity_id}` : null;
      const link = href ? { entity: 'quote', _id: r.entity_id!, href } : null;
      return { ...base, text: quoteText(String(d.action), who, of, number), link };
    }
    case 'search_zero': {
      const term = String(d.term ?? '');
      return {
        ...base,
        text: `${who}${of} searched for "${term}" and found nothing`,
        link: { entity: 'demand', _id: term, href: `/superadmin/demand` },
      };
    }
  }
}

/** A quote request's move in words (`action`: the audit action after `quote_request.`). */
function quoteText(action: string, who: string, of: string, number: string): string {
  switch (action) {
    case 'submitted':
      return `${who}${of} requested a quote (${number})`;
    case 'assigned':
      return `${who} took ${number}${of} in review`;
    case 'info_requested':
      return `${who} asked for more information on ${number}${of}`;
    case 'replied':
      return `${who}${of} answered the questions on ${number}`;
    case 'quoted':
      return `${who} sent the quote ${number}${of}`;
    case 'accepted':
      return `${who}${of} accepted the quote ${number}`;
    case 'declined':
      return `${who}${of} declined the quote ${number}`;
    case 'expired':
      return `The quote ${number}${of} expired`;
    case 'revised':
      return `${who} revised the quote ${number}${of}`;
    case 'withdrawn':
      return `${who}${of} withdrew ${number}`;
    case 'rejected':
      return `${who} rejected ${number}${of}`;
    default:
      return `${who} changed ${number}${of}`;
  }
}
