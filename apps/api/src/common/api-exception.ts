import { HttpException } from '@nestjs/common';

/** An error with the `{status, message, errors?}` body the client's handlers expect. */
export class ApiException extends HttpException {
  constructor(status: number, message: string, errors?: Record<string, string>) {
    super({ status, message, ...(errors ? { errors } : {}) }, status);
  }
}
