import { Module } from '@nestjs/common';
import { SearchLog } from './search-log';

/** The search log's buffered writer, shared by the catalogue reads and the demand reports. */
@Module({ providers: [SearchLog], exports: [SearchLog] })
export class SearchLogModule {}
