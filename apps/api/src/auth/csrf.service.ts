import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contracts';
import { TokenService } from './token.service';
import { readCookie } from './client-info';

export const ANON_COOKIE = 'portal_anon';

/**
 * CSRF tokens bound to the session (signed-in) or to an HttpOnly anonymous cookie (sign-in,
 * forgot password). Tokens are also mirrored into a readable XSRF-TOKEN cookie for the original client.
 */
@Injectable()
export class CsrfService {
  constructor(private readonly tokens: TokenService) {}

  issue(req: FastifyRequest, reply: FastifyReply): string {
    let binding: string;
    if (req.user) {
      binding = `s:${req.user.sessionId}`;
    } else {
      let anon = readCookie(req, ANON_COOKIE);
      if (!anon || !/^[A-Za-z0-9_-]{22}$/.test(anon)) {
        anon = randomBytes(16).toString('base64url');
        this.setCookie(reply, `${ANON_COOKIE}=${anon}; Path=/; HttpOnly; SameSite=Strict`);
      }
      binding = `a:${anon}`;
    }
    const token = this.tokens.issueCsrf(binding);
    this.setCookie(reply, `${CSRF_COOKIE}=${token}; Path=/; SameSite=Strict`);
    return token;
  }

  isValid(req: FastifyRequest): boolean {
    const header = req.headers[CSRF_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (req.user) return this.tokens.verifyCsrf(token, `s:${req.user.sessionId}`);
    const anon = readCookie(req, ANON_COOKIE);
    return !!anon && this.tokens.verifyCsrf(token, `a:${anon}`);
  }

  /** Fastify appends every `set-cookie` it is given (re-sending the earlier ones would repeat them). */
  private setCookie(reply: FastifyReply, value: string): void {
    void reply.header('set-cookie', value);
  }
}
