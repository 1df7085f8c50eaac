import { HttpException } from '@nestjs/common';

/** An error with the `{status, message, errors?}` body the client's handlers expect. */
export class ApiException extends HttpException {
  /** `data`: what the caller needs to recover (e.g. the current lines and total of a 409). */
  constructor(status: number, message: string, errors?: Record<string, string>, data?: unknown) {
    super({ status, message, ...(errors ? { errors } : {}), ...(data !== undefined ? { data } : {}) }, status);
  }
}
