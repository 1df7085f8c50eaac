import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type {
  CreateUserResponse,
  DeleteResponse,
  UpdateUserResponse,
  UserDetailResponse,
  UserListResponse,
  UserStatsResponse,
} from '@portal/contracts';
import {
  addAdministratorSchema,
  addCompanyUserSchema,
  bulkDeleteUsersSchema,
  MSG,
  newUserOfAdmin,
  newUserOfSuperadmin,
  employeeListQuerySchema,
  idSchema,
  updateUserSchema,
  userListQuerySchema,
  type UpdateUserInput,
  type UserListQuery,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import { ApiException } from '../common/api-exception';
import { ZodPipe } from '../common/zod.pipe';
import type { RequestUser } from '../common/request-user';
import { UsersService } from './users.service';

/**
 * Users API (administrators and employees). Superadmin: everyone but superadmins; admin: the
 * employees of their own company (company from the session). Employees reach none of these.
 * `GET user/me`, `PATCH user` and `PATCH user/upload` (own profile) live in the account module.
 */
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /**
   * The body is read per role (the forms differ): a superadmin names the company and the role; an
   * admin always creates an employee of their own company — company and role in the body are ignored.
   */
  @Allow('superadmin', 'admin')
  @Post()
  @HttpCode(201)
  create(@Body() body: unknown, @CurrentUser() user: RequestUser): Promise<CreateUserResponse> {
    if (user.role === 'superadmin') {
      return this.users.create(newUserOfSuperadmin(new ZodPipe(addAdministratorSchema).transform(body)), user);
    }
    if (!user.companyId) throw new ApiException(403, MSG.session.companyMissing);
    return this.users.create(newUserOfAdmin(new ZodPipe(addCompanyUserSchema).transform(body), user.companyId), user);
  }

  @Allow('superadmin')
  @Get()
  administrators(@Query(new ZodPipe(userListQuerySchema)) query: UserListQuery): Promise<UserListResponse> {
    return this.users.administrators(query);
  }

  @Allow('superadmin')
  @Get('total')
  stats(): Promise<UserStatsResponse> {
    return this.users.stats();
  }

  @Allow('admin')
  @Get('employee')
  employees(
    @Query(new ZodPipe(employeeListQuerySchema)) query: UserListQuery,
    @CurrentUser() user: RequestUser,
  ): Promise<UserListResponse> {
    return this.users.employees(user, query);
  }

  @Allow('superadmin', 'admin')
  @Delete('bulk')
  @HttpCode(200)
  bulkRemove(
    @Body(new ZodPipe(bulkDeleteUsersSchema)) body: { id: string[] },
    @CurrentUser() user: RequestUser,
  ): Promise<DeleteResponse> {
    return this.users.remove(body.id, user);
  }

  @Allow('superadmin', 'admin')
  @Get('resend/:id')
  resend(
    @Param('id', new ZodPipe(idSchema)) id: string,
    @CurrentUser() user: RequestUser,
  ): Promise<{ status: number; message: string }> {
    return this.users.resend(id, user);
  }

  @Allow('superadmin', 'admin')
  @Get(':id')
  detail(
    @Param('id', new ZodPipe(idSchema)) id: string,
    @CurrentUser() user: RequestUser,
  ): Promise<UserDetailResponse> {
    return this.users.detail(id, user);
  }

  @Allow('superadmin', 'admin')
  @Patch(':id')
  update(
    @Param('id', new ZodPipe(idSchema)) id: string,
    @Body(new ZodPipe(updateUserSchema)) body: UpdateUserInput,
    @CurrentUser() user: RequestUser,
  ): Promise<UpdateUserResponse> {
    return this.users.update(id, body, user);
  }

  @Allow('superadmin', 'admin')
  @Delete(':id')
  @HttpCode(200)
  remove(@Param('id', new ZodPipe(idSchema)) id: string, @CurrentUser() user: RequestUser): Promise<DeleteResponse> {
    return this.users.remove([id], user);
  }
}
