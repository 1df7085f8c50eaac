import { Foundation1763800000000 } from './1763800000000-foundation';

/** Every migration, in order. New migrations are appended here (explicit list: works in jest and compiled). */
export const MIGRATIONS = [Foundation1763800000000];
