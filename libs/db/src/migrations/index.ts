import { Foundation1763800000000 } from './1763800000000-foundation';
import { Account1764000000000 } from './1764000000000-account';
import { Catalogue1764100000000 } from './1764100000000-catalogue';
import { CatalogueEditing1764200000000 } from './1764200000000-catalogue-editing';

/** Every migration, in order. New migrations are appended here (explicit list: works in jest and compiled). */
export const MIGRATIONS = [
  Foundation1763800000000,
  Account1764000000000,
  Catalogue1764100000000,
  CatalogueEditing1764200000000,
];
