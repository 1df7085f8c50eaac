import { Inject, Injectable } from '@nestjs/common';
import type { Env } from '@portal/platform';
import { ENV } from '../infra/tokens';
import { DataSource } from 'typeorm';
import { FIND_MSG, SEARCH_BUDGET } from '@portal/domain';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { searchCommit, searchTyping, type SearchLogRow } from './demand.repository';

/** What makes two searches "the same" for the log: the row they would write, less when and how many found. */
export type SearchIdentity = Pick<
  SearchLogRow,
  'kind' | 'key' | 'width' | 'height' | 'depth' | 'measure' | 'category_id'
>;

/**
 * Every search is counted against its person's budget before it runs (SEARCH_BUDGET, set by
 * SEARCH_BUDGET_*_PER_MINUTE; one row per
 * user in Postgres, so every API process sees the same numbers): a committed search beyond the
 * refusal limit and an as-you-type search beyond its own are 429; `commit` says whether the search
 * may be logged (within the logging budget and not a repeat of a key logged in the last minute).
 */
@Injectable()
export class SearchBudget {
  private readonly limits: { logged: number; committed: number; typing: number };

  constructor(
    private readonly db: DataSource,
    @Inject(ENV) env: Env,
  ) {
    this.limits = {
      logged: env.SEARCH_BUDGET_LOGGED_PER_MINUTE,
      committed: env.SEARCH_BUDGET_COMMITTED_PER_MINUTE,
      typing: env.SEARCH_BUDGET_TYPING_PER_MINUTE,
    };
  }

  async commit(user: RequestUser, companyId: string | null, search: SearchIdentity): Promise<boolean> {
    const outcome = await searchCommit(this.db, {
      userId: user.id,
      companyId,
      key: identityKey(search),
      windowSeconds: SEARCH_BUDGET.windowSeconds,
      logLimit: this.limits.logged,
      refuseLimit: this.limits.committed,
    });
    if (outcome === 'refused') throw new ApiException(429, FIND_MSG.tooManySearches);
    return outcome === 'log';
  }

  async typing(user: RequestUser): Promise<void> {
    const n = await searchTyping(this.db, user.id, SEARCH_BUDGET.windowSeconds);
    if (n > this.limits.typing) throw new ApiException(429, FIND_MSG.tooManySearches);
  }
}

function identityKey(s: SearchIdentity): string {
  return [s.kind, s.key, s.width, s.height, s.depth, s.measure, s.category_id].map((v) => v ?? '').join('|');
}
