import { Foundation1763800000000 } from './1763800000000-foundation';
import { Account1764000000000 } from './1764000000000-account';
import { Catalogue1764100000000 } from './1764100000000-catalogue';
import { CatalogueEditing1764200000000 } from './1764200000000-catalogue-editing';
import { EmailChange1764310000000 } from './1764310000000-email-change';
import { CatalogueVersion1764330000000 } from './1764330000000-catalogue-version';
import { AuditLog1764400000000 } from './1764400000000-audit-log';
import { CatalogueImports1764500000000 } from './1764500000000-catalogue-imports';
import { TwoFactor1764700000000 } from './1764700000000-two-factor';
import { AuditIndexes1764900000000 } from './1764900000000-audit-indexes';
import { Pricelists1764600000000 } from './1764600000000-pricelists';
import { CategoryProductLine1764800000000 } from './1764800000000-category-product-line';
import { Find1795675936786 } from './1795675936786-find';
import { QuoteRequests1795676039022 } from './1795676039022-quote-requests';
import { OpsEmailDeliverability1795675807033 } from './1795675807033-ops-email-deliverability';
import { Invitations1795679598875 } from './1795679598875-invitations';
import { OpsWiring1795680533037 } from './1795680533037-ops-wiring';
import { OpsActivityIndex1795684000000 } from './1795684000000-ops-activity-index';
import { SearchLogMonthly1795690000000 } from './1795690000000-search-log-monthly';
import { PriceChanges1795710000000 } from './1795710000000-price-changes';
import { OrderRequests1795700000000 } from './1795700000000-order-requests';
import { CatalogueScopeVersions1795720000000 } from './1795720000000-catalogue-scope-versions';
import { SearchBudget1795730000000 } from './1795730000000-search-budget';
import { Programme1795760000000 } from './1795760000000-programme';
import { OrderRequestSites1795770000000 } from './1795770000000-order-request-sites';
import { ProgrammeRequests1795800000000 } from './1795800000000-programme-requests';
import { SlotAgreedItems1795801000000 } from './1795801000000-slot-agreed-items';
import { SitesImports1795810000000 } from './1795810000000-sites-imports';
import { ImportRatings1795810000001 } from './1795810000001-import-ratings';
import { OrderRequestCounts1795820000000 } from './1795820000000-order-request-counts';
import { NoticeLists1795830000000 } from './1795830000000-notice-lists';
import { ImportFilesRemoved1795910000000 } from './1795910000000-import-files-removed';

/** Every migration, in order. New migrations are appended here (explicit list: works in jest and compiled). */
export const MIGRATIONS = [
  Foundation1763800000000,
  Account1764000000000,
  Catalogue1764100000000,
  CatalogueEditing1764200000000,
  EmailChange1764310000000,
  CatalogueVersion1764330000000,
  AuditLog1764400000000,
  CatalogueImports1764500000000,
  TwoFactor1764700000000,
  AuditIndexes1764900000000,
  Pricelists1764600000000,
  CategoryProductLine1764800000000,
  Find1795675936786,
  QuoteRequests1795676039022,
  OpsEmailDeliverability1795675807033,
  Invitations1795679598875,
  OpsWiring1795680533037,
  OpsActivityIndex1795684000000,
  SearchLogMonthly1795690000000,
  PriceChanges1795710000000,
  OrderRequests1795700000000,
  CatalogueScopeVersions1795720000000,
  SearchBudget1795730000000,
  Programme1795760000000,
  OrderRequestSites1795770000000,
  ProgrammeRequests1795800000000,
  SlotAgreedItems1795801000000,
  SitesImports1795810000000,
  ImportRatings1795810000001,
  OrderRequestCounts1795820000000,
  NoticeLists1795830000000,
  ImportFilesRemoved1795910000000,
];
