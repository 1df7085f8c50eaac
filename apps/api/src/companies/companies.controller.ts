import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type {
  CompanyDetailResponse,
  CompanyListResponse,
  CompanyOptionsResponse,
  CompanyUsersResponse,
  CreateCompanyResponse,
  DeleteResponse,
  UpdateCompanyResponse,
} from '@portal/contracts';
import {
  companyListQuerySchema,
  createCompanySchema,
  idSchema,
  statusQuerySchema,
  updateCompanySchema,
  type CreateCompanyInput,
  type UpdateCompanyInput,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { RequestUser } from '../common/request-user';
import { CompaniesService } from './companies.service';

const PAGED_KEYS = ['page', 'limit', 'search', 'sortBy', 'sortOrder'];

/** Companies API. Superadmin only, except an admin reading their own company's users. */
@Controller('company')
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  /** With paging/search/sort parameters: a page (`data.list`, `data.total`); without: all, for selects. */
  @Allow('superadmin')
  @Get()
  list(@Query() raw: Record<string, unknown>): Promise<CompanyListResponse | CompanyOptionsResponse> {
    if (!PAGED_KEYS.some((k) => raw?.[k] !== undefined)) return this.companies.options();
    return this.companies.list(new ZodPipe(companyListQuerySchema).transform(raw));
  }

  @Allow('superadmin')
  @Post()
  @HttpCode(200)
  create(
    @Body(new ZodPipe(createCompanySchema)) body: CreateCompanyInput,
    @CurrentUser() user: RequestUser,
  ): Promise<CreateCompanyResponse> {
    return this.companies.create(body, user);
  }

  @Allow('superadmin', 'admin')
  @Get('user/:companyId')
  users(
    @Param('companyId', new ZodPipe(idSchema)) companyId: string,
    @Query(new ZodPipe(statusQuerySchema)) query: { status?: boolean; search: string },
    @CurrentUser() user: RequestUser,
  ): Promise<CompanyUsersResponse> {
    return this.companies.users(companyId, query.status, user, query.search);
  }

  @Allow('superadmin')
  @Get(':id')
  detail(@Param('id', new ZodPipe(idSchema)) id: string): Promise<CompanyDetailResponse> {
    return this.companies.detail(id);
  }

  @Allow('superadmin')
  @Patch(':id')
  update(
    @Param('id', new ZodPipe(idSchema)) id: string,
    @Body(new ZodPipe(updateCompanySchema)) body: UpdateCompanyInput,
    @CurrentUser() user: RequestUser,
  ): Promise<UpdateCompanyResponse> {
    return this.companies.update(id, body, user);
  }

  @Allow('superadmin')
  @Delete(':id')
  remove(@Param('id', new ZodPipe(idSchema)) id: string, @CurrentUser() user: RequestUser): Promise<DeleteResponse> {
    return this.companies.remove(id, user);
  }
}
