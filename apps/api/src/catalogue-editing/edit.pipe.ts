import { Injectable, type PipeTransform } from '@nestjs/common';
import type { EditParse } from '@portal/domain';
import { ApiException } from '../common/api-exception';

/** Runs a catalogue-edit parser from libs/domain at the edge; a failure is its exact 400. */
@Injectable()
export class EditPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly parse: (value: unknown) => EditParse<T>) {}

  transform(value: unknown): T {
    const result = this.parse(value);
    if (result.ok) return result.value;
    throw new ApiException(400, result.message, result.errors);
  }
}
