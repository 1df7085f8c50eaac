import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DemandPartsQuery, DemandSizesQuery } from '@portal/domain';
import { demandParts, demandPartsCount, demandSizes, unloggedSearches } from './demand.repository';
import { SearchLog } from './search-log';

/** What customers looked for and did not find (superadmin). */
@Injectable()
export class DemandService {
  constructor(
    private readonly db: DataSource,
    private readonly searchLog: SearchLog,
  ) {}

  async parts(q: DemandPartsQuery) {
    const offset = (q.page - 1) * q.limit;
    const rows = await demandParts(this.db, { ...q, offset });
    const total = rows.length ? rows[0].total : offset > 0 ? await demandPartsCount(this.db, q) : 0;
    return {
      status: 200,
      data: {
        list: rows.map(({ total: _t, ...r }) => r),
        total,
        not_logged: await unloggedSearches(this.db, q),
      },
    };
  }

  async sizes(q: DemandSizesQuery) {
    const list = await demandSizes(this.db, q);
    return { status: 200, data: { list, not_logged: await unloggedSearches(this.db, q) } };
  }

  /** This process's search-log writer: rows buffered, written and dropped since start. */
  logStatus() {
    return { status: 200, data: this.searchLog.status() };
  }
}
