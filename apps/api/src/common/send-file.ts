import type { FastifyReply } from 'fastify';

/** A stored file on its way out: its bytes, type, length and `Content-Disposition`. */
export interface OutgoingFile {
  stream: NodeJS.ReadableStream;
  mime: string;
  disposition: string;
  size: number;
}

/**
 * Streams a stored file with the headers every download carries (`nosniff`, exact type and length).
 * `sandbox`: a CSP that forbids any active content (images, generated files; a PDF shown inline keeps
 * the browser's own viewer working without it).
 */
export async function sendFile(
  reply: FastifyReply,
  f: OutgoingFile,
  opts: { sandbox: boolean; cacheControl: string },
): Promise<void> {
  if (opts.sandbox) void reply.header('content-security-policy', "default-src 'none'; sandbox");
  await reply
    .header('content-type', f.mime)
    .header('content-length', String(f.size))
    .header('content-disposition', f.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', opts.cacheControl)
    .send(f.stream);
}
