import type PDFDocument from 'pdfkit';

/* The portal's A4 PDFs (price lists, quotes): one page frame and table rows drawn with pdfkit. Only
   loaded through `@portal/platform/pdf-table`, so what does not draw PDFs never loads pdfkit. */

/**
 * The portal's PDF fonts: DejaVu Sans (npm `dejavu-fonts-ttf`, Bitstream Vera licence: embedding and
 * redistribution allowed), embedded and subset by pdfkit. The built-in Helvetica has no ″ (inch) glyph
 * and no characters beyond Latin-1, which names and notes can hold.
 */
export const PDF_FONT = { regular: 'PortalSans', bold: 'PortalSans-Bold' } as const;
const FONT_FILES = {
  [PDF_FONT.regular]: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  [PDF_FONT.bold]: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

/** A4 in points, with the margin every portal PDF keeps. */
export const PDF_PAGE = { width: 595.28, height: 841.89, margin: 40 };
/** Height of one table row (and of one line of small text). */
export const PDF_ROW_H = 13;

export interface PdfColumn {
  key: string;
  label: string;
  x: number;
  w: number;
  align?: 'left' | 'right';
}

/** What every page shows above the rule: `heading` on the left, `subheading` on the right. */
export interface PdfFrame {
  /** The document's title (its metadata). */
  title: string;
  heading: string;
  subheading: string;
}

/** `text` cut to `max` characters, the last of them an ellipsis. */
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A paginated A4 document of table rows, drawn top to bottom at `y`. Pages are flushed as they fill
 * (no buffered pages), so the frame and the "Page N" footer are drawn when each page starts. The
 * caller draws anything else on `doc` at `y` and moves `y` on, and ends `doc`.
 */
export class PdfTable {
  readonly doc: PDFKit.PDFDocument;
  /** Where the next line is drawn. */
  y = 0;
  private page = 0;
  private readonly bottom = PDF_PAGE.height - PDF_PAGE.margin - 20;

  constructor(
    private readonly frame: PdfFrame,
    private readonly columns: readonly PdfColumn[],
  ) {
    // pdfkit is loaded when the first PDF is laid out: processes that never write one do without it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deliberately lazy (above)
    const Document = require('pdfkit') as typeof PDFDocument;
    this.doc = new Document({ size: 'A4', margin: PDF_PAGE.margin, autoFirstPage: false, bufferPages: false });
    for (const [name, file] of Object.entries(FONT_FILES)) this.doc.registerFont(name, require.resolve(file));
    this.doc.info.Title = frame.title;
    this.doc.info.Creator = 'Filter Portal';
  }

  /** How many pages have been started. */
  get pages(): number {
    return this.page;
  }

  newPage(): void {
    const { doc } = this;
    doc.addPage();
    this.page++;
    doc.font(PDF_FONT.bold).fontSize(11).fillColor('#000');
    doc.text(this.frame.heading, PDF_PAGE.margin, 24, { lineBreak: false });
    doc.font(PDF_FONT.regular).fontSize(8).fillColor('#444');
    doc.text(this.frame.subheading, 300, 26, {
      width: PDF_PAGE.width - 300 - PDF_PAGE.margin,
      align: 'right',
      lineBreak: false,
    });
    doc
      .moveTo(PDF_PAGE.margin, 40)
      .lineTo(PDF_PAGE.width - PDF_PAGE.margin, 40)
      .strokeColor('#999')
      .lineWidth(0.5)
      .stroke();
    // The footer sits inside the bottom margin: lift the margin so pdfkit does not start a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(`Page ${this.page}`, PDF_PAGE.margin, PDF_PAGE.height - 30, {
      width: PDF_PAGE.width - 2 * PDF_PAGE.margin,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
    this.y = 52;
  }

  /** Starts a page unless `height` more fits on this one; true when it started one. */
  ensure(height: number): boolean {
    if (this.page > 0 && this.y + height <= this.bottom) return false;
    this.newPage();
    return true;
  }

  /** The columns' labels, bold. */
  columnHeader(): void {
    this.doc.font(PDF_FONT.bold).fontSize(8).fillColor('#333');
    this.cells((c) => c.label);
    this.y += PDF_ROW_H;
  }

  /** One row: each column's value by its key. */
  row(values: Record<string, string>): void {
    this.doc.font(PDF_FONT.regular).fontSize(8).fillColor('#000');
    this.cells((c) => values[c.key]);
    this.y += PDF_ROW_H;
  }

  private cells(text: (c: PdfColumn) => string): void {
    for (const c of this.columns)
      this.doc.text(text(c), c.x, this.y, { width: c.w, align: c.align ?? 'left', lineBreak: false });
  }
}
