import { Controller } from '@nestjs/common';
import { DEMAND_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { DemandService } from './demand.service';
import { PartAliasesService } from './part-aliases.service';

/** Demand reports from the search log (superadmin). */
@Controller()
export class DemandController {
  constructor(
    private readonly demand: DemandService,
    private readonly aliases: PartAliasesService,
  ) {}

  @Route(R.parts)
  parts(@In() { query }: RouteInput<typeof R.parts>) {
    return this.demand.parts(query);
  }

  @Route(R.sizes)
  sizes(@In() { query }: RouteInput<typeof R.sizes>) {
    return this.demand.sizes(query);
  }

  @Route(R.logStatus)
  logStatus() {
    return this.demand.logStatus();
  }

  @Route(R.resolve)
  resolve(@CurrentUser() user: RequestUser, @In() { body }: RouteInput<typeof R.resolve>) {
    return this.aliases.resolve(user, body);
  }
}

/** Cross-reference numbers (superadmin). */
@Controller()
export class PartAliasesController {
  constructor(private readonly aliases: PartAliasesService) {}

  @Route(R.addAlias)
  add(@CurrentUser() user: RequestUser, @In() { body }: RouteInput<typeof R.addAlias>) {
    return this.aliases.add(user, body);
  }

  @Route(R.listAliases)
  list(@In() { query }: RouteInput<typeof R.listAliases>) {
    return this.aliases.list(query);
  }

  @Route(R.removeAlias)
  remove(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.removeAlias>) {
    return this.aliases.remove(user, params.id);
  }
}
