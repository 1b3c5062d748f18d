import type { ProductShape } from '../db/schema.ts';

export interface ProductImage {
  productId: number;
  shape: ProductShape;
  brandName: string;
  /** The shade's colour; sizes use a packaging colour picked from the product id. */
  colorHex: string | null;
}

const PACKAGING = ['#e8d5c4', '#c9d6df', '#f2c6c2', '#d8e2c8', '#e6d3ea', '#f5e1a4', '#bcd4e6', '#f0c9a8'] as const;
const DARK = '#242424';
const GOLD = '#c9a227';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  const n = m?.[1] ? parseInt(m[1], 16) : 0x999999;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour towards white (amount > 0) or black (amount < 0). */
function shadeColor(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  return `#${parseHex(hex)
    .map((c) => Math.round(c + (target - c) * t).toString(16).padStart(2, '0'))
    .join('')}`;
}

function bottle(color: string): string {
  return `<rect x="170" y="62" width="60" height="58" rx="6" fill="${DARK}"/>
<rect x="182" y="118" width="36" height="30" fill="${shadeColor(color, -0.25)}"/>
<rect x="132" y="146" width="136" height="190" rx="20" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="150" y="215" width="100" height="62" rx="4" fill="#ffffff" fill-opacity="0.85"/>
<rect x="146" y="158" width="14" height="160" rx="7" fill="#ffffff" fill-opacity="0.25"/>`;
}

function tube(color: string): string {
  return `<rect x="134" y="56" width="132" height="16" rx="3" fill="${shadeColor(color, -0.3)}"/>
<path d="M138 72 H262 L242 292 H158 Z" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="162" y="290" width="76" height="48" rx="8" fill="${DARK}"/>
<rect x="165" y="150" width="70" height="80" rx="4" fill="#ffffff" fill-opacity="0.8"/>`;
}

function jar(color: string): string {
  return `<rect x="108" y="138" width="184" height="50" rx="10" fill="${DARK}"/>
<rect x="98" y="186" width="204" height="140" rx="22" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="140" y="225" width="120" height="60" rx="6" fill="#ffffff" fill-opacity="0.8"/>
<rect x="112" y="200" width="16" height="110" rx="8" fill="#ffffff" fill-opacity="0.25"/>`;
}

function compact(color: string): string {
  return `<circle cx="200" cy="200" r="122" fill="${DARK}"/>
<circle cx="200" cy="200" r="98" fill="${color}"/>
<circle cx="200" cy="200" r="98" fill="none" stroke="${GOLD}" stroke-width="4"/>
<ellipse cx="170" cy="165" rx="38" ry="20" fill="#ffffff" fill-opacity="0.3" transform="rotate(-30 170 165)"/>`;
}

function palette(color: string): string {
  const tints = [0.45, 0.2, 0, -0.2, -0.4, -0.6];
  const pans = tints
    .map((t, i) => {
      const x = 100 + (i % 3) * 70;
      const y = 145 + Math.floor(i / 3) * 75;
      return `<rect x="${x}" y="${y}" width="60" height="60" rx="8" fill="${shadeColor(color, t)}"/>`;
    })
    .join('\n');
  return `<rect x="78" y="120" width="244" height="172" rx="14" fill="${DARK}"/>\n${pans}`;
}

function stick(color: string): string {
  return `<path d="M174 190 V118 L226 92 V190 Z" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="2"/>
<rect x="168" y="186" width="64" height="38" rx="3" fill="${GOLD}"/>
<rect x="162" y="222" width="76" height="116" rx="6" fill="${DARK}"/>
<rect x="172" y="232" width="8" height="96" rx="4" fill="#ffffff" fill-opacity="0.15"/>`;
}

const SHAPES: Record<ProductShape, (color: string) => string> = { bottle, tube, jar, compact, palette, stick };

/** A product picture drawn from data alone: the same input always gives the same bytes. */
export function productSvg(image: ProductImage): string {
  const color = image.colorHex ?? PACKAGING[image.productId % PACKAGING.length] ?? PACKAGING[0];
  const brand = escapeXml(image.brandName.toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(image.brandName)}">
<rect width="400" height="400" fill="#f6f1ee"/>
<ellipse cx="200" cy="342" rx="110" ry="10" fill="#000000" fill-opacity="0.08"/>
${SHAPES[image.shape](color)}
<text x="200" y="378" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="20" letter-spacing="2" fill="#3a3a3a">${brand}</text>
</svg>`;
}
