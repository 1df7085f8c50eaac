import { Foundation1763800000000 } from './1763800000000-foundation';
import { Account1764000000000 } from './1764000000000-account';

/** Every migration, in order. New migrations are appended here (explicit list: works in jest and compiled). */
export const MIGRATIONS = [Foundation1763800000000, Account1764000000000];
