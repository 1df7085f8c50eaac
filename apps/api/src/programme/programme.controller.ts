import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import {
  createSiteSchema,
  createSlotSchema,
  createUnitSchema,
  dueQuerySchema,
  programmeExportQuerySchema,
  forecastQuerySchema,
  recordChangeSchema,
  recordsQuerySchema,
  siteListQuerySchema,
  skipSchema,
  updateSiteSchema,
  updateSlotSchema,
  updateUnitSchema,
  type CreateSiteInput,
  type CreateSlotInput,
  type CreateUnitInput,
  type DueQuery,
  type ProgrammeExportQuery,
  type ForecastQuery,
  type RecordChangeInput,
  type RecordsQuery,
  type SiteListQuery,
  type UpdateSiteInput,
  type UpdateSlotInput,
  type UpdateUnitInput,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { ZodPipe } from '../common/zod.pipe';
import { SitesService } from './sites.service';
import { ProgrammeService } from './programme.service';
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
  ) {}

  @Allow('superadmin', 'admin', 'employee')
  @Get('programme/due')
  due(@CurrentUser() user: RequestUser, @Query(new ZodPipe(dueQuerySchema)) query: DueQuery) {
    return this.programme.dueView(user, query);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get('sites')
  list(@CurrentUser() user: RequestUser, @Query(new ZodPipe(siteListQuerySchema)) query: SiteListQuery) {
    return this.sites.listSites(user, query);
  }

  @Allow('superadmin')
  @Get('programme/forecast')
  forecast(@Query(new ZodPipe(forecastQuerySchema)) query: ForecastQuery) {
    return this.programme.forecast(query);
  }

  @Allow('superadmin', 'admin')
  @Get('sites/export')
  async export(
    @CurrentUser() user: RequestUser,
    @Query(new ZodPipe(programmeExportQuerySchema)) query: ProgrammeExportQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const rows = await this.programme.exportRows(user, query.companyId);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="filter-programme.csv"')
      .header('cache-control', 'private, no-store')
      .send(stringify(rows, { bom: true }));
  }

  @Allow('superadmin', 'admin')
  @Post('sites')
  @HttpCode(201)
  create(@CurrentUser() user: RequestUser, @Body(new ZodPipe(createSiteSchema)) body: CreateSiteInput) {
    return this.sites.createSite(user, body);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get('sites/:id')
  detail(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.sites.detail(user, id);
  }

  @Allow('superadmin', 'admin')
  @Patch('sites/:id')
  update(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(updateSiteSchema)) body: UpdateSiteInput,
  ) {
    return this.sites.updateSite(user, id, body);
  }

  @Allow('superadmin', 'admin')
  @Delete('sites/:id')
  remove(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.sites.deleteSite(user, id);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get('sites/:id/records.pdf')
  async records(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Query(new ZodPipe(recordsQuerySchema)) query: RecordsQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const from = query.from ?? null;
    const to = query.to ?? null;
    const { site, rows } = await this.sites.records(user, id, from, to);
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

  @Allow('superadmin', 'admin', 'employee')
  @Get('sites/:id/units')
  units(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.sites.listUnits(user, id);
  }

  @Allow('superadmin', 'admin')
  @Post('sites/:id/units')
  @HttpCode(201)
  addUnit(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(createUnitSchema)) body: CreateUnitInput,
  ) {
    return this.sites.createUnit(user, id, body);
  }

  @Allow('superadmin', 'admin')
  @Patch('units/:id')
  updateUnit(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(updateUnitSchema)) body: UpdateUnitInput,
  ) {
    return this.sites.updateUnit(user, id, body);
  }

  @Allow('superadmin', 'admin')
  @Post('units/:id/slots')
  @HttpCode(201)
  addSlot(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(createSlotSchema)) body: CreateSlotInput,
  ) {
    return this.sites.createSlot(user, id, body);
  }

  @Allow('superadmin', 'admin')
  @Patch('slots/:id')
  updateSlot(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(updateSlotSchema)) body: UpdateSlotInput,
  ) {
    return this.sites.updateSlot(user, id, body);
  }

  @Allow('superadmin', 'admin')
  @Delete('slots/:id')
  removeSlot(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.sites.deleteSlot(user, id);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get('slots/:id/changes')
  history(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.sites.history(user, id);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Post('slots/:id/changes')
  @HttpCode(201)
  recordChange(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(recordChangeSchema)) body: RecordChangeInput,
  ) {
    return this.sites.recordChange(user, id, body);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Post('slots/:id/skip')
  @HttpCode(200)
  skip(@CurrentUser() user: RequestUser, @Param('id') id: string, @Body(new ZodPipe(skipSchema)) _body: object) {
    return this.sites.skip(user, id);
  }
}
