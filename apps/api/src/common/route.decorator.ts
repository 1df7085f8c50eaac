import {
  applyDecorators,
  createParamDecorator,
  HttpCode,
  Injectable,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RouteEntry, RouteInput } from '@portal/domain';
import { ACCESS_KEY, ENROLMENT_KEY, SIGNED_KEY } from './access.decorators';
import { ApiException } from './api-exception';
import { isRefusal, parseRouteInput, type ParsedInput } from './route-input';

export const ROUTE_KEY = 'portal:route';

type InputRequest = FastifyRequest & { routeInput?: ParsedInput };

/** Validates params, query, body and headers with the entry's schemas, after the guards (roles, CSRF). */
@Injectable()
export class RouteInputInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler) {
    const entry = Reflect.getMetadata(ROUTE_KEY, ctx.getHandler()) as RouteEntry;
    const req = ctx.switchToHttp().getRequest<InputRequest>();
    const parsed = parseRouteInput(entry.spec, {
      params: req.params as Record<string, unknown>,
      query: req.query,
      body: req.body,
      headers: req.headers as Record<string, unknown>,
      role: req.user?.role,
    });
    if (isRefusal(parsed)) throw new ApiException(parsed.status, parsed.message, parsed.errors);
    req.routeInput = parsed;
    return next.handle();
  }
}

/**
 * Binds a handler to its entry of the route table (libs/domain/src/routes): method, path, success
 * status, who may call it (the `@Allow`/`@Public` metadata the AuthGuard reads) and validation of
 * what it reads. The handler takes the validated input with `@In() input: RouteInput<typeof entry>`.
 */
export function Route(entry: RouteEntry): MethodDecorator {
  const { spec } = entry;
  return applyDecorators(
    SetMetadata(ROUTE_KEY, entry),
    SetMetadata(ACCESS_KEY, spec.access),
    ...(spec.duringEnrolment ? [SetMetadata(ENROLMENT_KEY, true)] : []),
    ...(spec.signedWebhook ? [SetMetadata(SIGNED_KEY, true)] : []),
    RequestMapping({ path: spec.path, method: RequestMethod[spec.method] }),
    HttpCode(spec.status),
    UseInterceptors(RouteInputInterceptor),
  );
}

/** The validated input of the handler's route (see `Route`). */
export const In = createParamDecorator((_: unknown, ctx: ExecutionContext): RouteInput<RouteEntry> => {
  const input = ctx.switchToHttp().getRequest<InputRequest>().routeInput;
  if (!input) throw new Error('@In() used on a handler without @Route(entry)');
  return input as unknown as RouteInput<RouteEntry>;
});
