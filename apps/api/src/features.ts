import type { Type } from '@nestjs/common';
import { CompaniesModule } from './companies/companies.module';
import { NotificationsModule } from './notifications/notifications.module';
import { UsersModule } from './users/users.module';
import { AccountModule } from './account/account.module';
import { CatalogueModule } from './catalogue/catalogue.module';
import { CatalogueEditingModule } from './catalogue-editing/catalogue-editing.module';
import { AuditModule } from './audit/audit.module';
import { CatalogueImportModule } from './catalogue-import/catalogue-import.module';
import { TwoFactorModule } from './two-factor/two-factor.module';
import { PricelistsModule } from './pricelists/pricelists.module';
import { DemandModule } from './demand/demand.module';
import { QuoteRequestsModule } from './quote-requests/quote-requests.module';
import { OpsModule } from './ops/ops.module';
import { InvitationsModule } from './invitations/invitations.module';
import { ProgrammeModule } from './programme/programme.module';
import { PriceChangesModule } from './price-changes/price-changes.module';
import { OrderRequestsModule } from './order-requests/order-requests.module';

/** Feature modules (companies, users, notifications, catalogue, account …) register here. */
export const FEATURE_MODULES: Type[] = [
  AccountModule,
  CompaniesModule,
  UsersModule,
  NotificationsModule,
  CatalogueModule,
  CatalogueEditingModule,
  AuditModule,
  CatalogueImportModule,
  TwoFactorModule,
  PricelistsModule,
  DemandModule,
  QuoteRequestsModule,
  OpsModule,
  InvitationsModule,
  ProgrammeModule,
  PriceChangesModule,
  OrderRequestsModule,
];
