import { Injectable, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { ApiException } from './api-exception';

/**
 * Validates a param/query/body at the edge; the first issue becomes `message`, all of them `errors`.
 * `refusal` replaces that answer where a route has always answered otherwise (e.g. 404 for a bad id).
 */
@Injectable()
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(
    readonly schema: ZodType<T>,
    private readonly refusal?: { status: number; message: string },
  ) {}

  transform(value: unknown): T {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    if (this.refusal) throw new ApiException(this.refusal.status, this.refusal.message);
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_';
      errors[key] ??= issue.message;
    }
    throw new ApiException(400, result.error.issues[0]?.message ?? 'Invalid request', errors);
  }
}
