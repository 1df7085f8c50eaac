import type { Type } from '@nestjs/common';

/** Feature modules (companies, users, notifications, catalogue, account …) register here. */
export const FEATURE_MODULES: Type[] = [];
