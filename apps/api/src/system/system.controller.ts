import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Env } from '@portal/platform';
import { SYSTEM_ROUTES as R } from '@portal/domain';
import { Route } from '../common/route.decorator';
import { ENV } from '../infra/tokens';
import { pingDatabase } from './system.repository';

export const PRODUCT_NAME = 'Filter Portal';

@Controller()
export class SystemController {
  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly db: DataSource,
  ) {}

  /** Public client configuration (the header's 'Return to Main Site' link, the office's contact details). */
  @Route(R.config)
  config() {
    const phone = this.env.OFFICE_PHONE || null;
    const email = this.env.OFFICE_EMAIL || null;
    return {
      status: 200,
      data: {
        mainSiteUrl: this.env.MAIN_SITE_URL,
        productName: PRODUCT_NAME,
        version: '1.1.0',
        office: phone || email ? { phone, email } : null,
        presenceHeartbeatSeconds: Math.floor(this.env.PRESENCE_TTL_SECONDS / 3),
      },
    };
  }

  @Route(R.health)
  async health() {
    await pingDatabase(this.db);
    return { status: 200, data: { database: 'up', queueBackend: this.env.QUEUE_BACKEND } };
  }
}
