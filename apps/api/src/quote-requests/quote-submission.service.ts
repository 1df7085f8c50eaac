import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { QuoteMatchRow, QuoteStatus } from '@portal/contracts';
import {
  QUOTE_MSG,
  QUOTE_SUBMISSIONS_PER_HOUR,
  customSizeText,
  mergeQuoteLines,
  parsePastedLines,
  tooManyPastedLines,
  type CreateQuoteRequestInput,
} from '@portal/domain';
import { commitChange, openSubmission, quoteChange } from '@portal/db';
import { ApiException } from '../common/api-exception';
import type { RequestUser } from '../common/request-user';
import * as repo from './quote-requests.repository';
import { companyPricing } from './quote-pricing';

/** Who asks: an employee or admin of a company (a signed-in user, or one named by another feature). */
export type QuoteRequester = Pick<RequestUser, 'id' | 'role' | 'companyId' | 'username' | 'email' | 'ip' | 'actor'>;

export interface SubmittedQuote {
  _id: string;
  number: string;
  status: QuoteStatus;
  /** How many identical lines were merged (0 on a repeat). */
  merged: number;
  repeated: boolean;
}

const submitted = (row: { id: string; number: string; status: string }) => ({
  _id: row.id,
  number: row.number,
  status: row.status as QuoteStatus,
});

/**
 * Asking for a quote: a submission (idempotent per user and key, at most 20 an hour, identical lines
 * merged, catalogue lines priced at the company price of the moment) and the paste matcher.
 */
@Injectable()
export class QuoteSubmissionService {
  constructor(private readonly db: DataSource) {}

  private pricing(db: DataSource | EntityManager, companyId: string) {
    return companyPricing(db, companyId);
  }

  /* ---------------------------------------------------------------- submit */

  async submit(user: RequestUser, input: CreateQuoteRequestInput, idempotencyKey: string | undefined) {
    const result = await this.createQuoteRequest(user, input, idempotencyKey);
    const message =
      result.merged && !result.repeated
        ? `${QUOTE_MSG.submitted}. ${QUOTE_MSG.merged(result.merged)}`
        : QUOTE_MSG.submitted;
    return { status: 201, message, data: result };
  }

  /**
   * Submits a quote request for `user` (also called by other features, e.g. a site's programme).
   * A repeated key returns the first request. With `outer`, everything runs inside the caller's
   * transaction (which then owns commit and rollback).
   */
  async createQuoteRequest(
    user: QuoteRequester,
    input: CreateQuoteRequestInput,
    idempotencyKey: string | undefined,
    outer?: EntityManager,
  ): Promise<SubmittedQuote> {
    if (user.role === 'superadmin' || !user.companyId) throw new ApiException(403, QUOTE_MSG.superadminCannotRequest);
    const companyId = user.companyId;
    const db = outer ?? this.db;
    const { lines, merged, tooLarge } = mergeQuoteLines(input.lines);
    if (tooLarge !== null) {
      throw new ApiException(400, QUOTE_MSG.quantityInvalid, {
        [`lines.${tooLarge}.quantity`]: QUOTE_MSG.quantityInvalid,
      });
    }
    const company = await this.pricing(db, companyId);

    const variantIds = lines.flatMap((l) => (l.kind === 'catalogue' ? [l.variant_id] : []));
    const nodeIds = [...new Set(lines.flatMap((l) => (l.kind === 'custom_size' ? [l.catalogue_id] : [])))];
    const [variants, nodes] = await Promise.all([
      repo.findVariants(db, variantIds, company.pct),
      repo.findCatalogueNodes(db, nodeIds),
    ]);
    const variantById = new Map(variants.map((v) => [v.id, v]));
    const nodeById = new Map(nodes.map((n) => [n.id, n.name]));
    const rows: repo.NewLine[] = [];
    const original = (i: number) => input.lines.indexOf(lines[i]);
    lines.forEach((line, i) => {
      const base = {
        variant_id: null,
        part_number: null,
        description: null,
        catalogue_id: null,
        catalogue_name: null,
        width: null,
        height: null,
        depth: null,
        measure: null,
        size_type: null,
        snapshot_price: null,
        quantity: line.quantity,
      };
      if (line.kind === 'catalogue') {
        const v = variantById.get(line.variant_id);
        if (!v) {
          const at = original(i);
          throw new ApiException(400, QUOTE_MSG.variantNotFound(at + 1), {
            [`lines.${at}.variant_id`]: QUOTE_MSG.variantNotFound(at + 1),
          });
        }
        rows.push({
          ...base,
          kind: 'catalogue',
          variant_id: v.id,
          part_number: v.part_number,
          description: `${v.product_name}${v.size ? ` ${v.size}` : ''}`,
          catalogue_id: v.catalogue_id,
          catalogue_name: v.catalogue_name,
          snapshot_price: v.price,
        });
      } else if (line.kind === 'custom_size') {
        const name = nodeById.get(line.catalogue_id);
        if (!name) {
          const at = original(i);
          throw new ApiException(400, QUOTE_MSG.catalogueNotFound(at + 1), {
            [`lines.${at}.catalogue_id`]: QUOTE_MSG.catalogueNotFound(at + 1),
          });
        }
        rows.push({
          ...base,
          kind: 'custom_size',
          catalogue_id: line.catalogue_id,
          catalogue_name: name,
          description: customSizeText(line),
          width: line.width,
          height: line.height,
          depth: line.depth,
          measure: line.measure,
          size_type: line.size_type,
        });
      } else {
        rows.push({ ...base, kind: 'unlisted', part_number: line.part_number });
      }
    });

    const create = async (m: EntityManager): Promise<SubmittedQuote> => {
      const gate = await openSubmission(m, 'quote_requests', user.id, idempotencyKey, QUOTE_SUBMISSIONS_PER_HOUR);
      if (gate.kind === 'repeat') return { ...submitted(gate.row), merged: 0, repeated: true };
      if (gate.kind === 'too_many') throw new ApiException(429, QUOTE_MSG.tooMany(QUOTE_SUBMISSIONS_PER_HOUR));
      const row = (await repo.insertRequest(m, {
        companyId,
        userId: user.id,
        requesterName: user.username,
        note: input.note ?? null,
        customerReference: input.customer_reference ?? null,
        neededBy: input.needed_by ?? null,
        madeToOrder: rows.some((r) => r.kind === 'custom_size'),
        idempotencyKey: idempotencyKey ?? null,
        lineCount: rows.length,
      }))!;
      await repo.insertLines(m, row.id, rows);
      await commitChange(
        m,
        user.actor,
        quoteChange({
          quote: {
            id: row.id,
            number: row.number,
            status: row.status,
            company_id: companyId,
            company_name: company.name,
            requested_by: user.id,
            requester_name: user.username,
          },
          audit: 'quote_request.submitted',
          after: { number: row.number, lines: rows.length, merged_lines: merged },
          event: { type: 'quote.submitted' },
        }),
      );
      return { ...submitted(row), merged, repeated: false };
    };
    return outer ? create(outer) : this.db.transaction(create);
  }

  /* ---------------------------------------------------------------- paste matcher */

  async match(user: RequestUser, text: string) {
    const pasted = parsePastedLines(text);
    if (!pasted.length) throw new ApiException(400, QUOTE_MSG.pasteRequired, { text: QUOTE_MSG.pasteRequired });
    if (tooManyPastedLines(pasted))
      throw new ApiException(400, QUOTE_MSG.pasteTooLong, { text: QUOTE_MSG.pasteTooLong });
    const companyId = user.companyId;
    if (!companyId) throw new ApiException(403, QUOTE_MSG.superadminCannotRequest);
    const company = await this.pricing(this.db, companyId);
    const keys = [...new Set(pasted.filter((p) => !p.size && p.part_number).map((p) => p.part_number.toLowerCase()))];
    const found = new Map((await repo.findVariantsByPartNumber(this.db, keys, company.pct)).map((v) => [v.key, v]));
    const rows: QuoteMatchRow[] = pasted.map((p) => {
      const base = { line: p.line, text: p.text, part_number: p.part_number, quantity: p.quantity };
      if (p.error) return { ...base, match: 'invalid', error: p.error };
      if (p.size) return { ...base, match: 'odd_size', size: p.size };
      const v = found.get(p.part_number.toLowerCase());
      if (!v) return { ...base, match: 'unknown' };
      return {
        ...base,
        match: 'variant',
        variant: {
          _id: v.id,
          part_number: v.part_number,
          size: v.size,
          product_name: v.product_name,
          customer_price: Number(v.price),
        },
      };
    });
    return { status: 200, data: rows };
  }
}
