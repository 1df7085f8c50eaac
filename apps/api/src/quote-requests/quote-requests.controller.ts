import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { QUOTE_ROUTES as R, type RouteInput } from '@portal/domain';
import { CurrentUser } from '../common/access.decorators';
import { In, Route } from '../common/route.decorator';
import type { RequestUser } from '../common/request-user';
import { QuoteRequestsService } from './quote-requests.service';
import { QuoteSubmissionService } from './quote-submission.service';
import { renderQuotePdf } from './quote-pdf';

/**
 * Quote requests. Employees and admins ask (superadmins: 403); the office (superadmins) answers.
 * Which action a caller may take on which request is the state table in libs/domain; the route
 * table only keeps each side to its own actions.
 */
@Controller()
export class QuoteRequestsController {
  constructor(
    private readonly quotes: QuoteRequestsService,
    private readonly asking: QuoteSubmissionService,
  ) {}

  @Route(R.submit)
  submit(@CurrentUser() user: RequestUser, @In() { body, headers }: RouteInput<typeof R.submit>) {
    return this.asking.submit(user, body, headers['idempotency-key']);
  }

  @Route(R.match)
  match(@CurrentUser() user: RequestUser, @In() { body }: RouteInput<typeof R.match>) {
    return this.asking.match(user, body.text);
  }

  @Route(R.list)
  list(@CurrentUser() user: RequestUser, @In() { query }: RouteInput<typeof R.list>) {
    return this.quotes.list(user, query);
  }

  @Route(R.detail)
  detail(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.detail>) {
    return this.quotes.detail(user, params.id);
  }

  @Route(R.pdf)
  async pdf(
    @CurrentUser() user: RequestUser,
    @In() { params }: RouteInput<typeof R.pdf>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { row, lines } = await this.quotes.forPdf(user, params.id);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="quote-${row.number}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(renderQuotePdf(row, lines));
  }

  @Route(R.message)
  message(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.message>) {
    return this.quotes.addMessage(user, params.id, body.body);
  }

  /* ---- the office's actions */

  @Route(R.assign)
  assign(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.assign>) {
    return this.quotes.assign(user, params.id);
  }

  @Route(R.requestInfo)
  requestInfo(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.requestInfo>) {
    return this.quotes.requestInfo(user, params.id, body.message);
  }

  @Route(R.sendQuote)
  sendQuote(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.sendQuote>) {
    return this.quotes.sendQuote(user, params.id, body);
  }

  @Route(R.revise)
  revise(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.revise>) {
    return this.quotes.revise(user, params.id);
  }

  @Route(R.reject)
  reject(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.reject>) {
    return this.quotes.reject(user, params.id, body.reason);
  }

  /* ---- the customer's actions (the requester or an admin of the company) */

  @Route(R.reply)
  reply(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.reply>) {
    return this.quotes.reply(user, params.id, body.message);
  }

  @Route(R.accept)
  accept(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.accept>) {
    return this.quotes.accept(user, params.id, body);
  }

  @Route(R.decline)
  decline(@CurrentUser() user: RequestUser, @In() { params, body }: RouteInput<typeof R.decline>) {
    return this.quotes.decline(user, params.id, body.reason);
  }

  @Route(R.withdraw)
  withdraw(@CurrentUser() user: RequestUser, @In() { params }: RouteInput<typeof R.withdraw>) {
    return this.quotes.withdraw(user, params.id);
  }
}
