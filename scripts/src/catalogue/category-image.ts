/**
 * Category images for the demo catalogue: small, self-contained SVG illustrations of a filter
 * with the category name underneath. Pure string building, deterministic.
 */

export type FilterStyle = 'pleat' | 'dense' | 'pocket' | 'vbank' | 'roll' | 'carbon';

export interface ImagePalette {
  /** Card background tint. */
  background: string;
  /** Frame and title colour. */
  frame: string;
  /** Media / pleat colour. */
  media: string;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Zig-zag pleats across the frame opening. */
function pleats(step: number, color: string, width = 2): string {
  const pts: string[] = [];
  for (let x = 48, i = 0; x <= 192; x += step, i += 1) pts.push(`${x},${i % 2 === 0 ? 30 : 102}`);
  return `<polyline points="${pts.join(' ')}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linejoin="round"/>`;
}

function media(style: FilterStyle, p: ImagePalette): string {
  switch (style) {
    case 'pleat':
      return pleats(12, p.media);
    case 'dense':
      return pleats(6, p.media, 1.5);
    case 'carbon':
      return `${pleats(12, p.media)}<g fill="${p.frame}" opacity="0.35">${[60, 84, 108, 132, 156, 180]
        .map((x, i) => `<circle cx="${x}" cy="${i % 2 ? 56 : 76}" r="3"/>`)
        .join('')}</g>`;
    case 'pocket':
      return [52, 76, 100, 124, 148, 172]
        .map((x) => `<path d="M${x} 30 h16 v60 q-8 14 -16 0 z" fill="${p.media}" opacity="0.75"/>`)
        .join('');
    case 'vbank':
      return `<path d="M48 30 L84 102 L120 30 L156 102 L192 30" fill="none" stroke="${p.media}" stroke-width="5" stroke-linejoin="round"/>${pleats(6, p.media, 1)}`;
    case 'roll':
      return `<rect x="60" y="44" width="120" height="44" fill="${p.media}" opacity="0.6"/><ellipse cx="60" cy="66" rx="12" ry="22" fill="#fff" stroke="${p.media}" stroke-width="3"/><ellipse cx="60" cy="66" rx="4" ry="8" fill="${p.media}"/>`;
  }
}

/** An SVG string: framed filter illustration in the given style with the category name. */
export function categoryImageSvg(name: string, style: FilterStyle, palette: ImagePalette): string {
  const label = escapeXml(name);
  const frame =
    style === 'roll'
      ? ''
      : `<rect x="40" y="22" width="160" height="88" rx="4" fill="#ffffff" stroke="${palette.frame}" stroke-width="6"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 160" width="240" height="160" role="img" aria-label="${label}">`,
    `<rect width="240" height="160" rx="12" fill="${palette.background}"/>`,
    frame,
    media(style, palette),
    `<text x="120" y="140" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="17" font-weight="600" fill="${palette.frame}">${label}</text>`,
    '</svg>',
  ].join('');
}
