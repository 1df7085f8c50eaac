import { Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROGRAMME_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { SitesService } from './sites.service';
import { ProgrammeService } from './programme.service';
import { ProgrammeRequestsService } from './programme-requests.service';
import { SitesImportService } from './sites-import.service';
import { renderRecordsPdf } from './records-pdf';

/**
 * Sites and their filter programme. Everyone signed in reads their own company's (superadmins every
 * company's); which writes a caller may make on a site is decided by the service (admins manage,
 * site contacts and admins record and skip) and answered as the site's `allowed_actions`.
 */
@Controller()
export class ProgrammeController {
  constructor(
    private readonly sites: SitesService,
    private readonly programme: ProgrammeService,
    private readonly requests: ProgrammeRequestsService,
    private readonly imports: SitesImportService,
  ) {}

  @Route(R.request)
  request(@CurrentUser() user: RequestUser, @In() { body }: RouteInput<typeof R.request>) {
    return this.requests.requestMonth(user, body);
  }

  @Route(R.due)
  due(@CurrentUser() user: RequestUser, @In() { query }: RouteInput<typeof R.due>) {
    return this.programme.dueView(user, query);
  }

  @Route(R.list)
  list(@CurrentUser() user: RequestUser, @In() { query }: RouteInput<typeof R.list>) {
    return this.sites.listSites(user, query);
  }

  @Route(R.forecast)
  forecast(@In() { query }: RouteInput<typeof R.forecast>) {
    return this.programme.forecast(query);
  }

  @Route(R.export)
  async export(
    @CurrentUser() user: RequestUser,
    @In() { query }: RouteInput<typeof R.export>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.imports.export(user, reply, query.format, query.companyId);
  }

  @Route(R.importStart)
  importStart(@CurrentUser() user: RequestUser, @Req() req: FastifyRequest) {
    return this.imports.start(user, req);
  }

  @Route(R.importGet)
  importGet(@CurrentUser() user: RequestUser, @In() { params, query }: RouteInput<typeof R.importGet>) {
    return this.imports.get(user, params.id, query);
  }

  @Route(R.importApply)
  importApply(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.importApply>) {
    return this.imports.apply(user, params.id);
  }

  @Route(R.create)
  create(@CurrentUser() user: RequestUser, @In() { body }: RouteInput<typeof R.create>) {
    return this.sites.createSite(user, body);
  }

  @Route(R.detail)
  detail(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.detail>) {
    return this.sites.detail(user, params.id);
  }

  @Route(R.update)
  update(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.update>) {
    return this.sites.updateSite(user, params.id, body);
  }

  @Route(R.remove)
  remove(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.remove>) {
    return this.sites.deleteSite(user, params.id);
  }

  @Route(R.records)
  async records(
    @CurrentUser() user: RequestUser,
    @In() { params, query }: RouteInput<typeof R.records>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const from = query.from ?? null;
    const to = query.to ?? null;
    const { site, rows } = await this.sites.records(user, params.id, from, to);
    await reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="filter-record-${site.code.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf"`,
      )
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(renderRecordsPdf(site, rows, from, to));
  }

  @Route(R.units)
  units(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.units>) {
    return this.sites.listUnits(user, params.id);
  }

  @Route(R.addUnit)
  addUnit(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.addUnit>) {
    return this.sites.createUnit(user, params.id, body);
  }

  @Route(R.updateUnit)
  updateUnit(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.updateUnit>) {
    return this.sites.updateUnit(user, params.id, body);
  }

  @Route(R.addSlot)
  addSlot(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.addSlot>) {
    return this.sites.createSlot(user, params.id, body);
  }

  @Route(R.updateSlot)
  updateSlot(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.updateSlot>) {
    return this.sites.updateSlot(user, params.id, body);
  }

  @Route(R.removeSlot)
  removeSlot(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.removeSlot>) {
    return this.sites.deleteSlot(user, params.id);
  }

  @Route(R.history)
  history(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.history>) {
    return this.sites.history(user, params.id);
  }

  @Route(R.recordChange)
  recordChange(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.recordChange>) {
    return this.sites.recordChange(user, params.id, body);
  }

  @Route(R.skip)
  skip(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.skip>) {
    return this.sites.skip(user, params.id);
  }
}
