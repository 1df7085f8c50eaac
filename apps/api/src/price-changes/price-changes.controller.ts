import { Controller } from '@nestjs/common';
import { PRICE_CHANGE_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { PriceChangesService } from './price-changes.service';

/**
 * Price changes on a date. Superadmins schedule, move and cancel them; a company's people read only
 * the announced changes to their own prices (the catalogue's banner).
 */
@Controller()
export class PriceChangesController {
  constructor(private readonly changes: PriceChangesService) {}

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
