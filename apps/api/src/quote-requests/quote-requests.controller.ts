import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  acceptQuoteSchema,
  createQuoteRequestSchema,
  declineQuoteSchema,
  emptyQuoteActionSchema,
  quoteInfoSchema,
  quoteListQuerySchema,
  quoteMatchSchema,
  quoteMessageSchema,
  rejectQuoteSchema,
  sendQuoteSchema,
  type CreateQuoteRequestInput,
  type QuoteListQuery,
  type SendQuoteInput,
} from '@portal/domain';
import { Allow, CurrentUser } from '../common/access.decorators';
import type { RequestUser } from '../common/request-user';
import { ZodPipe } from '../common/zod.pipe';
import { ApiException } from '../common/api-exception';
import { QuoteRequestsService } from './quote-requests.service';
import { QuoteSubmissionService } from './quote-submission.service';
import { renderQuotePdf } from './quote-pdf';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * Quote requests. Employees and admins ask (superadmins: 403); the office (superadmins) answers.
 * Which action a caller may take on which request is the state table in libs/domain; the
 * decorators below only keep each side to its own actions.
 */
@Controller('quote-requests')
export class QuoteRequestsController {
  constructor(
    private readonly quotes: QuoteRequestsService,
    private readonly asking: QuoteSubmissionService,
  ) {}

  @Allow('admin', 'employee')
  @Post()
  @HttpCode(201)
  submit(
    @CurrentUser() user: RequestUser,
    @Body(new ZodPipe(createQuoteRequestSchema)) body: CreateQuoteRequestInput,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new ApiException(400, 'Idempotency-Key must be 1-200 visible characters', {
        'Idempotency-Key': 'Idempotency-Key must be 1-200 visible characters',
      });
    }
    return this.asking.submit(user, body, key);
  }

  @Allow('admin', 'employee')
  @Post('match')
  @HttpCode(200)
  match(@CurrentUser() user: RequestUser, @Body(new ZodPipe(quoteMatchSchema)) body: { text: string }) {
    return this.asking.match(user, body.text);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get()
  list(@CurrentUser() user: RequestUser, @Query(new ZodPipe(quoteListQuerySchema)) query: QuoteListQuery) {
    return this.quotes.list(user, query);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get(':id')
  detail(@CurrentUser() user: RequestUser, @Param('id') id: string) {
    return this.quotes.detail(user, id);
  }

  @Allow('superadmin', 'admin', 'employee')
  @Get(':id/pdf')
  async pdf(@CurrentUser() user: RequestUser, @Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const { row, lines, timeZone } = await this.quotes.forPdf(user, id);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="quote-${row.number}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(renderQuotePdf(row, lines, timeZone));
  }

  @Allow('superadmin', 'admin', 'employee')
  @Post(':id/messages')
  @HttpCode(201)
  message(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(quoteMessageSchema)) body: { body: string },
  ) {
    return this.quotes.addMessage(user, id, body.body);
  }

  /* ---- the office's actions */

  @Allow('superadmin')
  @Post(':id/assign')
  @HttpCode(200)
  assign(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(emptyQuoteActionSchema)) _b: object,
  ) {
    return this.quotes.assign(user, id);
  }

  @Allow('superadmin')
  @Post(':id/request-info')
  @HttpCode(200)
  requestInfo(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(quoteInfoSchema)) body: { message: string },
  ) {
    return this.quotes.requestInfo(user, id, body.message);
  }

  @Allow('superadmin')
  @Post(':id/send-quote')
  @HttpCode(200)
  sendQuote(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(sendQuoteSchema)) body: SendQuoteInput,
  ) {
    return this.quotes.sendQuote(user, id, body);
  }

  @Allow('superadmin')
  @Post(':id/revise')
  @HttpCode(200)
  revise(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(emptyQuoteActionSchema)) _b: object,
  ) {
    return this.quotes.revise(user, id);
  }

  @Allow('superadmin')
  @Post(':id/reject')
  @HttpCode(200)
  reject(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(rejectQuoteSchema)) body: { reason: string },
  ) {
    return this.quotes.reject(user, id, body.reason);
  }

  /* ---- the customer's actions (the requester or an admin of the company) */

  @Allow('admin', 'employee')
  @Post(':id/reply')
  @HttpCode(200)
  reply(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(quoteInfoSchema)) body: { message: string },
  ) {
    return this.quotes.reply(user, id, body.message);
  }

  @Allow('admin', 'employee')
  @Post(':id/accept')
  @HttpCode(200)
  accept(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(acceptQuoteSchema)) body: { version: number; made_to_order?: boolean },
  ) {
    return this.quotes.accept(user, id, body);
  }

  @Allow('admin', 'employee')
  @Post(':id/decline')
  @HttpCode(200)
  decline(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(declineQuoteSchema)) body: { reason?: string },
  ) {
    return this.quotes.decline(user, id, body.reason);
  }

  @Allow('admin', 'employee')
  @Post(':id/withdraw')
  @HttpCode(200)
  withdraw(
    @CurrentUser() user: RequestUser,
    @Param('id') id: string,
    @Body(new ZodPipe(emptyQuoteActionSchema)) _b: object,
  ) {
    return this.quotes.withdraw(user, id);
  }
}
