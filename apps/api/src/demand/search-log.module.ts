import { Module } from '@nestjs/common';
import { SearchBudget } from './search-budget';
import { SearchLog } from './search-log';

/** The search log's buffered writer and its budget per person, shared by the catalogue reads and the demand reports. */
@Module({ providers: [SearchLog, SearchBudget], exports: [SearchLog, SearchBudget] })
export class SearchLogModule {}
