import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebShell } from './web-shell';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'You do not have permission to perform this action.',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'The upload is too large',
  415: 'Unsupported media type',
  429: 'Too many requests. Please wait a moment before trying again.',
};

/** Every error leaves as `{status, message[, errors]}`; unexpected ones are logged and hidden. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpException');

  /** @param shell the web app's index.html: unknown non-API GETs get it (client-side routes). */
  constructor(private readonly shell: WebShell | null = null) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const req = host.switchToHttp().getRequest<FastifyRequest>();
    if (this.shell && exception instanceof HttpException && exception.getStatus() === 404 && isPageRequest(req)) {
      this.shell.send(reply);
      return;
    }
    let status = 500;
    let body: { status: number; message: string; errors?: Record<string, string>; data?: unknown };
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      const res = exception.getResponse();
      if (typeof res === 'object' && res !== null && 'message' in res) {
        const r = res as { message: unknown; errors?: Record<string, string>; data?: unknown };
        const message = Array.isArray(r.message) ? r.message.join(', ') : String(r.message);
        body = {
          status,
          message,
          ...(r.errors ? { errors: r.errors } : {}),
          ...(r.data !== undefined ? { data: r.data } : {}),
        };
      } else {
        body = { status, message: typeof res === 'string' ? res : (DEFAULT_MESSAGES[status] ?? 'Error') };
      }
    } else if (isFastifyClientError(exception)) {
      status = exception.statusCode;
      body = { status, message: DEFAULT_MESSAGES[status] ?? exception.message };
    } else {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
      body = { status, message: 'Something went wrong on our side.' };
    }
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }
}

function isFastifyClientError(e: unknown): e is { statusCode: number; message: string } {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { statusCode?: unknown }).statusCode === 'number' &&
    (e as { statusCode: number }).statusCode >= 400 &&
    (e as { statusCode: number }).statusCode < 500
  );
}

function isPageRequest(req: FastifyRequest): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !req.url.startsWith('/api/') &&
    req.url !== '/api' &&
    !req.url.startsWith('/socket.io') &&
    // A missing build file or a source map is a 404, never the HTML shell.
    !req.url.startsWith('/assets/') &&
    !/\.map(\?|$)/.test(req.url)
  );
}
