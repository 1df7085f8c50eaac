import { Controller } from '@nestjs/common';
import type {
  CreateUserResponse,
  DeleteResponse,
  UpdateUserResponse,
  UserDetailResponse,
  UserListResponse,
  UserStatsResponse,
} from '@portal/contracts';
import {
  MSG,
  newUserOfAdmin,
  newUserOfSuperadmin,
  USER_ROUTES as R,
  type AddAdministratorInput,
  type AddCompanyUserInput,
  type RouteInput,
} from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { ApiException } from '../common/api-exception';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { UsersService } from './users.service';

/**
 * Users API (administrators and employees). Superadmin: everyone but superadmins; admin: the
 * employees of their own company (company from the session). Employees reach none of these.
 * `GET user/me`, `PATCH user` and `PATCH user/upload` (own profile) live in the account module.
 */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /**
   * The body is read per role (the forms differ): a superadmin names the company and the role; an
   * admin always creates an employee of their own company — company and role in the body are ignored.
   */
  @Route(R.create)
  create(@In() { body }: RouteInput<typeof R.create>, @CurrentUser() user: RequestUser): Promise<CreateUserResponse> {
    if (user.role === 'superadmin') {
      return this.users.create(newUserOfSuperadmin(body as AddAdministratorInput), user);
    }
    if (!user.companyId) throw new ApiException(403, MSG.session.companyMissing);
    return this.users.create(newUserOfAdmin(body as AddCompanyUserInput, user.companyId), user);
  }

  @Route(R.administrators)
  administrators(@In() { query }: RouteInput<typeof R.administrators>): Promise<UserListResponse> {
    return this.users.administrators(query);
  }

  @Route(R.stats)
  stats(): Promise<UserStatsResponse> {
    return this.users.stats();
  }

  @Route(R.employees)
  employees(
    @In() { query }: RouteInput<typeof R.employees>,
    @CurrentUser() user: RequestUser,
  ): Promise<UserListResponse> {
    return this.users.employees(user, query);
  }

  @Route(R.bulkRemove)
  bulkRemove(
    @In() { body }: RouteInput<typeof R.bulkRemove>,
    @CurrentUser() user: RequestUser,
  ): Promise<DeleteResponse> {
    return this.users.remove(body.id, user);
  }

  @Route(R.resend)
  resend(
    @In() { params }: RouteInput<typeof R.resend>,
    @CurrentUser() user: RequestUser,
  ): Promise<{ status: number; message: string }> {
    return this.users.resend(params.id, user);
  }

  @Route(R.detail)
  detail(@In() { params }: RouteInput<typeof R.detail>, @CurrentUser() user: RequestUser): Promise<UserDetailResponse> {
    return this.users.detail(params.id, user);
  }

  @Route(R.update)
  update(
    @In() { params, body }: RouteInput<typeof R.update>,
    @CurrentUser() user: RequestUser,
  ): Promise<UpdateUserResponse> {
    return this.users.update(params.id, body, user);
  }

  @Route(R.remove)
  remove(@In() { params }: RouteInput<typeof R.remove>, @CurrentUser() user: RequestUser): Promise<DeleteResponse> {
    return this.users.remove([params.id], user);
  }
}
