import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PRICELIST_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { sendFile } from '../common/send-file';
import { PricelistsService } from './pricelists.service';

/**
 * Customer price lists. Employees and admins request their own company's prices; a superadmin names
 * the company. Only the requester (and superadmins) can read or download a list.
 */
@Controller()
export class PricelistsController {
  constructor(private readonly pricelists: PricelistsService) {}

  @Route(R.create)
  create(@CurrentUser() user: RequestUser, @In() { body }: RouteInput<typeof R.create>) {
    return this.pricelists.create(user, body);
  }

  @Route(R.list)
  list(@CurrentUser() user: RequestUser, @In() { query }: RouteInput<typeof R.list>) {
    return this.pricelists.list(user, query.companyId);
  }

  @Route(R.get)
  one(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.get>) {
    return this.pricelists.get(user, params.id);
  }

  @Route(R.download)
  async download(
    @CurrentUser() user: RequestUser,
    @In() { params }: RouteInput<typeof R.download>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await sendFile(reply, await this.pricelists.open(user, params.id), {
      sandbox: true,
      cacheControl: 'private, no-store',
    });
  }
}
