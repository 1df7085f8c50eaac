import { HeadingOnlyPage } from '../../../shared/ui';

/** Catalogue screen for every role (spec §2 Catalogue screen). Placeholder until its feature issue lands: heading only. */
export default function CatalogPage() {
  return <HeadingOnlyPage title="Catalog" />;
}
