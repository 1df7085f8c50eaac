import { Controller } from '@nestjs/common';
import type {
  CompanyDetailResponse,
  CompanyListResponse,
  CompanyOptionsResponse,
  CompanyUsersResponse,
  CreateCompanyResponse,
  DeleteResponse,
  UpdateCompanyResponse,
} from '@portal/contracts';
import { COMPANY_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { CompaniesService } from './companies.service';

/** Companies API. Superadmin only, except an admin reading their own company's users. */
@Controller()
export class CompaniesController {
  constructor(private readonly companies: CompaniesService) {}

  /** With paging/search/sort parameters: a page (`data.list`, `data.total`); without: all, for selects. */
  @Route(R.list)
  list(@In() { query }: RouteInput<typeof R.list>): Promise<CompanyListResponse | CompanyOptionsResponse> {
    return query ? this.companies.list(query) : this.companies.options();
  }

  @Route(R.create)
  create(
    @In() { body }: RouteInput<typeof R.create>,
    @CurrentUser() user: RequestUser,
  ): Promise<CreateCompanyResponse> {
    return this.companies.create(body, user);
  }

  @Route(R.users)
  users(
    @In() { params, query }: RouteInput<typeof R.users>,
    @CurrentUser() user: RequestUser,
  ): Promise<CompanyUsersResponse> {
    return this.companies.users(params.companyId, query.status, user, query.search);
  }

  @Route(R.detail)
  detail(@In() { params }: RouteInput<typeof R.detail>): Promise<CompanyDetailResponse> {
    return this.companies.detail(params.id);
  }

  @Route(R.update)
  update(
    @In() { params, body }: RouteInput<typeof R.update>,
    @CurrentUser() user: RequestUser,
  ): Promise<UpdateCompanyResponse> {
    return this.companies.update(params.id, body, user);
  }

  @Route(R.remove)
  remove(@In() { params }: RouteInput<typeof R.remove>, @CurrentUser() user: RequestUser): Promise<DeleteResponse> {
    return this.companies.remove(params.id, user);
  }
}
