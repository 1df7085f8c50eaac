import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PRICE_CHANGE_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { sendFile } from '../common/send-file';
import { PricelistsService } from '../pricelists/pricelists.service';
import { PriceChangesService } from './price-changes.service';

/**
 * Price changes on a date. Superadmins schedule, move and cancel them; a company's people read only
 * the announced changes to their own prices (the catalogue's banner).
 */
@Controller()
export class PriceChangesController {
  constructor(
    private readonly changes: PriceChangesService,
    private readonly pricelists: PricelistsService,
  ) {}

  @Route(R.create)
  create(@CurrentUser() user: RequestUser, @In() { body }: RouteInput<typeof R.create>) {
    return this.changes.create(body, user);
  }

  @Route(R.list)
  list(@In() { query }: RouteInput<typeof R.list>) {
    return this.changes.list(query);
  }

  /** The caller's company's announced changes (banner). */
  @Route(R.notices)
  notices(@CurrentUser() user: RequestUser) {
    return this.changes.notices(user);
  }

  /** The banner's link: the announced change's list at the new prices, the caller's company's. */
  @Route(R.noticeList)
  async noticeList(
    @CurrentUser() user: RequestUser,
    @In() { params }: RouteInput<typeof R.noticeList>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendFile(reply, await this.pricelists.openNoticeList(user, params.id), {
      sandbox: true,
      cacheControl: 'private, no-store',
    });
  }

  @Route(R.detail)
  detail(@In() { params }: RouteInput<typeof R.detail>) {
    return this.changes.detail(params.id);
  }

  @Route(R.update)
  update(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.update>) {
    return this.changes.update(params.id, body, user);
  }

  @Route(R.cancel)
  cancel(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.cancel>) {
    return this.changes.cancel(params.id, user);
  }
}
