import { z } from 'zod';
import { defineRoutes, ok, publicRoute } from './route';

export const SYSTEM_ROUTES = defineRoutes('system', {
  config: {
    method: 'GET',
    path: 'config',
    summary: "Public client configuration (the header's 'Return to Main Site' link, the office's contact details).",
    access: publicRoute,
    status: 200,
    response: ok(
      z.object({
        mainSiteUrl: z.string().nullable(),
        productName: z.string(),
        version: z.string(),
        office: z.object({ phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
        presenceHeartbeatSeconds: z.number().int().positive(),
      }),
    ),
  },
  health: {
    method: 'GET',
    path: 'health',
    summary: 'Liveness: the database answers.',
    access: publicRoute,
    status: 200,
    response: ok(z.object({ database: z.literal('up'), queueBackend: z.string() })),
  },
});
