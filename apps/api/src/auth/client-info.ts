import type { FastifyRequest } from 'fastify';
import type { ClientInfo } from './auth.service';

export function clientInfo(req: FastifyRequest): ClientInfo {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
