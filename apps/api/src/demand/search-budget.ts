import { Injectable } from '@nestjs/common';
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
 * Every search is counted against its person's budget before it runs (SEARCH_BUDGET, one row per
 * user in Postgres, so every API process sees the same numbers): a committed search beyond the
 * refusal limit and an as-you-type search beyond its own are 429; `commit` says whether the search
 * may be logged (within the logging budget and not a repeat of a key logged in the last minute).
 */
@Injectable()
export class SearchBudget {
  constructor(private readonly db: DataSource) {}

  async commit(user: RequestUser, companyId: string | null, search: SearchIdentity): Promise<boolean> {
    const outcome = await searchCommit(this.db, {
      userId: user.id,
      companyId,
      key: identityKey(search),
      windowSeconds: SEARCH_BUDGET.windowSeconds,
      logLimit: SEARCH_BUDGET.logged,
      refuseLimit: SEARCH_BUDGET.committed,
    });
    if (outcome === 'refused') throw new ApiException(429, FIND_MSG.tooManySearches);
    return outcome === 'log';
  }

  async typing(user: RequestUser): Promise<void> {
    const n = await searchTyping(this.db, user.id, SEARCH_BUDGET.windowSeconds);
    if (n > SEARCH_BUDGET.typing) throw new ApiException(429, FIND_MSG.tooManySearches);
  }
}

function identityKey(s: SearchIdentity): string {
  return [s.kind, s.key, s.width, s.height, s.depth, s.measure, s.category_id].map((v) => v ?? '').join('|');
}
