import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { CATALOGUE_MSG, FILE_MSG, TEXT_MSG, hasControlChars } from '@portal/domain';
import { commitChange } from '@portal/db';
import {
  MAX_CATALOGUE_FILE_BYTES,
  MAX_CATALOGUE_FILES_PER_UPLOAD,
  SNIFFED_MIME,
  catalogueFilePath,
  catalogueFilesDir,
  kindFromMime,
  sniffFile,
  type Env,
  type SniffedKind,
} from '@portal/platform';
import { ENV } from '../infra/tokens';
import { isSuperadmin } from '../common/access';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import { deleteFileRow, findFile, findFileOwner, insertFiles, ownerFiles, toFileView } from './files.repository';

const EXT: Record<SniffedKind, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', webp: 'webp' };

/** Display name from the client's file name: no path, no control characters, bounded length. */
export function cleanFileName(raw: string | undefined, kind: SniffedKind): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>]/g, '')
    .trim()
    .slice(0, 200);
  if (!name || name === '.' || name === '..') name = `file.${EXT[kind]}`;
  return name;
}

/** `Content-Disposition` with an ASCII fallback and the RFC 5987 UTF-8 name; extension matches the type. */
export function contentDisposition(type: 'inline' | 'attachment', name: string, kind: SniffedKind): string {
  const exts = kind === 'jpeg' ? ['jpg', 'jpeg'] : [EXT[kind]];
  const hasExt = exts.some((e) => name.toLowerCase().endsWith(`.${e}`));
  const full = hasExt ? name : `${name}.${EXT[kind]}`;
  const ascii = full.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

/** A client file name fit for a message: no control characters, bounded. */
const shownName = (raw: string | undefined) =>
  // eslint-disable-next-line no-control-regex
  (raw ?? '').replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').slice(0, 200);

/**
 * A refused upload: `message` says it all, `errors` maps each refused file's name to its reason,
 * so a client can show them per file. Nothing of the upload is kept.
 */
function uploadRejected(status: 400 | 413 | 415, files: { name: string; message: string }[]): ApiException {
  const errors: Record<string, string> = {};
  for (const f of files) {
    let key = f.name || 'file';
    for (let n = 2; key in errors; n++) key = `${f.name || 'file'} (${n})`;
    errors[key] = f.message;
  }
  return new ApiException(status, files.map((f) => f.message).join(' '), errors);
}

function tooLarge(raw: string | undefined): ApiException {
  const name = shownName(raw);
  return name
    ? uploadRejected(413, [{ name, message: FILE_MSG.tooLargeNamed(name, MAX_CATALOGUE_FILE_BYTES) }])
    : new ApiException(413, FILE_MSG.tooLarge(MAX_CATALOGUE_FILE_BYTES));
}

interface Received {
  id: string;
  tmp: string;
  name: string;
  size: number;
  head: Buffer;
  kind?: SniffedKind;
  final?: string;
}

/**
 * Product resources: multipart upload streamed to disk under generated names (never
 * buffered whole), checked by magic bytes, recorded as 'processing' and handed to the worker's
 * `files` queue through the outbox; served by id with a safe Content-Disposition and nosniff.
 */
@Injectable()
export class CatalogueFilesService {
  private readonly logger = new Logger(CatalogueFilesService.name);
  private readonly dir: string;

  constructor(
    private readonly db: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.dir = catalogueFilesDir(env.FILES_DIR);
  }

  /** `PATCH catalogue/upload/file/{id}` (product, category or sub-category), multipart field `files`. */
  async upload(user: RequestUser, ownerId: string, req: FastifyRequest) {
    const owner = await findFileOwner(this.db, ownerId);
    if (!owner) throw new ApiException(404, FILE_MSG.ownerNotFound);
    if (!req.isMultipart?.()) throw new ApiException(400, FILE_MSG.noFiles);

    const received = await this.receive(req);
    const finals: string[] = [];
    try {
      // Every file is checked before any is kept, so the answer names all the refused ones.
      const refused: { name: string; message: string; status: 400 | 415 }[] = [];
      for (const f of received) {
        const name = shownName(f.name);
        const kind = f.size === 0 ? undefined : sniffFile(f.head);
        if (f.size === 0) refused.push({ name, message: FILE_MSG.empty(name), status: 400 });
        else if (!kind) refused.push({ name, message: FILE_MSG.badType(name), status: 415 });
        else {
          f.kind = kind;
          f.name = cleanFileName(f.name, kind);
        }
      }
      if (refused.length)
        throw uploadRejected(
          refused.some((r) => r.status === 415) ? 415 : 400,
          refused.map(({ name, message }) => ({ name, message })),
        );
      for (const f of received) {
        f.final = `${f.id}.${f.kind === 'jpeg' ? 'jpeg' : f.kind}`;
        await fs.rename(f.tmp, path.join(this.dir, f.final));
        finals.push(f.final);
      }
      const rows = await this.db.transaction(async (m) => {
        const inserted = await insertFiles(
          m,
          owner,
          user.id,
          received.map((f) => ({
            id: f.id,
            name: f.name,
            mime: SNIFFED_MIME[f.kind!],
            size: f.size,
            storage: f.final!,
          })),
        );
        await commitChange(m, user.actor, {
          events: [
            {
              type: 'catalogue.files_uploaded',
              payload: {
                ownerType: owner.kind,
                ownerId: owner.id,
                ownerName: owner.name,
                categoryId: owner.category_id,
                files: received.map((f) => ({ fileId: f.id, name: f.name })),
              },
            },
          ],
          audit: inserted.map((f) => ({
            action: 'file.added',
            entity: 'file' as const,
            entityId: f.id,
            companyId: null,
            after: { name: f.name, owner_type: f.owner_type, owner_id: f.owner_id, mime: f.mime, size: Number(f.size) },
          })),
        });
        return inserted;
      });
      const order = new Map(received.map((f, i) => [f.id, i]));
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      return { status: 200, message: CATALOGUE_MSG.filesUploaded, data: rows.map(toFileView) };
    } catch (err) {
      await this.removeAll([...received.map((f) => f.tmp), ...finals.map((n) => path.join(this.dir, n))]);
      throw err;
    }
  }

  /** Streams every `files` part to `<uuid>.part`; on any failure removes whatever was written. */
  private async receive(req: FastifyRequest): Promise<Received[]> {
    await fs.mkdir(this.dir, { recursive: true });
    const received: Received[] = [];
    try {
      const parts = req.parts({
        limits: {
          fileSize: MAX_CATALOGUE_FILE_BYTES,
          files: MAX_CATALOGUE_FILES_PER_UPLOAD,
          fields: 20,
          parts: MAX_CATALOGUE_FILES_PER_UPLOAD + 20,
          headerPairs: 100,
        },
      });
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'files' && part.fieldname !== 'files[]') {
          part.file.resume();
          continue;
        }
        if (part.filename && hasControlChars(part.filename)) {
          part.file.resume();
          throw new ApiException(400, TEXT_MSG.fileNameControlChars);
        }
        const id = randomUUID();
        const f: Received = {
          id,
          tmp: path.join(this.dir, `${id}.part`),
          name: part.filename,
          size: 0,
          head: Buffer.alloc(0),
        };
        received.push(f);
        const meter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            if (f.head.length < 64) f.head = Buffer.concat([f.head, chunk.subarray(0, 64 - f.head.length)]);
            f.size += chunk.length;
            cb(null, chunk);
          },
        });
        await pipeline(part.file, meter, createWriteStream(f.tmp, { flags: 'wx', mode: 0o640 }));
        if (part.file.truncated || f.size > MAX_CATALOGUE_FILE_BYTES) throw tooLarge(f.name);
      }
    } catch (err) {
      await this.removeAll(received.map((f) => f.tmp));
      if (err instanceof ApiException) throw err;
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(received.at(-1)?.name);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
        throw new ApiException(413, FILE_MSG.tooMany(MAX_CATALOGUE_FILES_PER_UPLOAD));
      this.logger.warn(`upload failed: ${(err as Error).message}`);
      throw new ApiException(400, FILE_MSG.badUpload);
    }
    if (!received.length) throw new ApiException(400, FILE_MSG.noFiles);
    return received;
  }

  private async removeAll(paths: string[]): Promise<void> {
    await Promise.all(paths.map((p) => fs.rm(p, { force: true }).catch(() => undefined)));
  }

  /** Removes stored files (and thumbnails) by generated name once their rows are gone. */
  async removeStored(names: string[]): Promise<void> {
    const paths = names.map((n) => catalogueFilePath(this.env.FILES_DIR, n)).filter((p): p is string => !!p);
    await this.removeAll(paths);
  }

  /** `PATCH catalogue/deletefile/{fileId}`. */
  async remove(user: RequestUser, fileId: string) {
    const stored = await this.db.transaction(async (m) => {
      const f = await deleteFileRow(m, fileId);
      if (!f) throw new ApiException(404, FILE_MSG.notFound);
      const owner = await findFileOwner(m, f.owner_id);
      await commitChange(m, user.actor, {
        events: [
          {
            type: 'catalogue.file_deleted',
            payload: {
              ownerType: f.owner_type,
              ownerId: f.owner_id,
              ownerName: owner?.name ?? '',
              categoryId: owner?.category_id ?? f.owner_id,
              fileId: f.id,
              name: f.name,
            },
          },
        ],
        audit: [
          {
            action: 'file.removed',
            entity: 'file',
            entityId: f.id,
            companyId: null,
            before: {
              name: f.name,
              owner_type: f.owner_type,
              owner_id: f.owner_id,
              mime: f.mime,
              size: Number(f.size),
            },
          },
        ],
      });
      return [f.storage_name, f.thumbnail_name].filter((s): s is string => !!s);
    });
    await this.removeStored(stored);
    return { status: 200, message: CATALOGUE_MSG.fileDeleted };
  }

  /** `GET catalogue/product/{id}/files` (also category/sub-category ids). */
  async list(user: RequestUser, ownerId: string) {
    if (!(await findFileOwner(this.db, ownerId))) throw new ApiException(404, FILE_MSG.ownerNotFound);
    const superadmin = isSuperadmin(user);
    const rows = await ownerFiles(this.db, ownerId, superadmin);
    return { status: 200, data: rows.map(toFileView) };
  }

  /**
   * A stored file for `GET catalogue/file/{fileId}[/thumbnail]`. Everyone signed in gets ready files;
   * a superadmin also gets files still processing. Rejected/unknown → 404.
   */
  async open(
    user: RequestUser,
    fileId: string,
    thumbnail: boolean,
  ): Promise<{ stream: ReadStream; mime: string; disposition: string; size: number }> {
    const f = await findFile(this.db, fileId);
    const visible = f && (f.status === 'ready' || (isSuperadmin(user) && f.status === 'processing'));
    if (!f || !visible) throw new ApiException(404, FILE_MSG.notFound);
    const kind = thumbnail ? 'webp' : kindFromMime(f.mime);
    const file = catalogueFilePath(this.env.FILES_DIR, thumbnail ? f.thumbnail_name : f.storage_name);
    if (!kind || !file) throw new ApiException(404, FILE_MSG.notFound);
    let size: number;
    try {
      size = (await fs.stat(file)).size;
    } catch {
      throw new ApiException(404, FILE_MSG.notFound);
    }
    const name = thumbnail ? `${f.name.replace(/\.[^.]*$/, '')}-thumbnail.webp` : f.name;
    return {
      stream: createReadStream(file),
      mime: SNIFFED_MIME[kind],
      disposition: contentDisposition('inline', name, kind),
      size,
    };
  }
}
