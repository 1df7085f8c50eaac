import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

const registered = new WeakSet<object>();

/**
 * Registers @fastify/multipart once per server, whichever module asks first. Plugin registration is
 * deferred by Fastify, so `hasContentTypeParser` alone cannot tell a second caller it is coming:
 * the WeakSet does. `limits` are server-wide defaults; each upload passes its own to `req.parts()`.
 */
export function ensureMultipart(
  fastify: FastifyInstance | undefined,
  limits: { fileSize: number; files: number; fields: number; parts: number; headerPairs: number },
): void {
  if (!fastify || registered.has(fastify) || fastify.hasContentTypeParser('multipart/form-data')) return;
  registered.add(fastify);
  void fastify.register(fastifyMultipart, { limits });
}
