import type { DataSource } from 'typeorm';
import { generateDemoCatalogue } from '../scripts/src/catalogue/demo-catalogue';
import { loadCatalogue, type LoadedCatalogue } from '../scripts/src/catalogue/load';

export { generateDemoCatalogue };

/** Loads the demo catalogue (the one `npm start` seeds) into a test database in one transaction. */
export function seedTestCatalogue(db: DataSource): Promise<LoadedCatalogue> {
  return db.transaction((m) => loadCatalogue(m, generateDemoCatalogue()));
}
