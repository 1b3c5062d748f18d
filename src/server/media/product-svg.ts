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

/** Nail polish and nail care: a small square bottle under a tall cap. */
function nailBottle(color: string): string {
  return `<rect x="180" y="70" width="40" height="120" rx="6" fill="${DARK}"/>
<rect x="150" y="188" width="100" height="140" rx="18" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="162" y="200" width="12" height="110" rx="6" fill="#ffffff" fill-opacity="0.3"/>`;
}

/** Serums and oils: a bottle with a glass dropper and its rubber bulb. */
function dropper(color: string): string {
  return `<ellipse cx="200" cy="78" rx="20" ry="26" fill="${DARK}"/>
<rect x="178" y="98" width="44" height="46" rx="4" fill="${GOLD}"/>
<rect x="140" y="142" width="120" height="192" rx="26" fill="${color}" fill-opacity="0.85" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="194" y="150" width="12" height="150" rx="6" fill="#ffffff" fill-opacity="0.5"/>
<rect x="155" y="220" width="90" height="56" rx="4" fill="#ffffff" fill-opacity="0.85"/>`;
}

/** Lotions, shampoos, washes: a tall bottle under a pump with its spout. */
function pump(color: string): string {
  return `<rect x="192" y="40" width="16" height="44" fill="${DARK}"/>
<rect x="192" y="40" width="74" height="14" rx="7" fill="${DARK}"/>
<rect x="172" y="82" width="56" height="34" rx="6" fill="${DARK}"/>
<rect x="138" y="114" width="124" height="222" rx="24" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="156" y="196" width="88" height="70" rx="4" fill="#ffffff" fill-opacity="0.85"/>`;
}

/** Hair spray and after-sun: a can with its spray cap and nozzle. */
function spray(color: string): string {
  return `<rect x="168" y="58" width="64" height="56" rx="14" fill="${DARK}"/>
<rect x="230" y="74" width="18" height="10" rx="3" fill="${DARK}"/>
<rect x="150" y="112" width="100" height="224" rx="16" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="150" y="112" width="100" height="20" fill="${shadeColor(color, -0.25)}"/>
<rect x="162" y="190" width="76" height="80" rx="4" fill="#ffffff" fill-opacity="0.8"/>`;
}

/** Perfume: a faceted flacon under a round stopper, with the atomiser's collar. */
function perfume(color: string): string {
  return `<circle cx="200" cy="92" r="34" fill="${GOLD}"/>
<rect x="182" y="120" width="36" height="34" fill="${DARK}"/>
<path d="M130 170 L160 152 H240 L270 170 V312 L240 334 H160 L130 312 Z" fill="${color}" fill-opacity="0.8" stroke="${shadeColor(color, -0.35)}" stroke-width="3"/>
<path d="M160 152 L170 170 V312 L160 334 M240 152 L230 170 V312 L240 334" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>`;
}

/** A sheet mask: its sachet, with the mask's face printed on it. */
function sheetMask(color: string): string {
  return `<rect x="112" y="70" width="176" height="264" rx="8" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<path d="M112 92 H288 M112 312 H288" stroke="${shadeColor(color, -0.2)}" stroke-width="4" stroke-dasharray="6 6"/>
<ellipse cx="200" cy="200" rx="56" ry="74" fill="#ffffff" fill-opacity="0.9"/>
<ellipse cx="178" cy="184" rx="12" ry="6" fill="${color}"/><ellipse cx="222" cy="184" rx="12" ry="6" fill="${color}"/>
<path d="M184 236 Q200 248 216 236" fill="none" stroke="${color}" stroke-width="5" stroke-linecap="round"/>`;
}

/** Eyeliner, brow and lip pencils: a long pencil, sharpened. */
function pencil(color: string): string {
  return `<g transform="rotate(-35 200 200)">
<rect x="188" y="90" width="24" height="210" fill="${DARK}"/>
<rect x="188" y="290" width="24" height="18" fill="${GOLD}"/>
<path d="M188 90 L200 52 L212 90 Z" fill="#e9cfa9"/>
<path d="M196 64 L200 52 L204 64 Z" fill="${color}"/>
</g>`;
}

/** Mascara and lip gloss: a slim tube, its wand drawn out beside it. */
function wand(color: string): string {
  return `<rect x="140" y="120" width="40" height="214" rx="12" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="140" y="120" width="40" height="60" rx="12" fill="${DARK}"/>
<rect x="228" y="70" width="14" height="150" rx="4" fill="${DARK}"/>
<rect x="231" y="218" width="8" height="60" fill="#9a9a9a"/>
<rect x="224" y="274" width="22" height="52" rx="10" fill="${shadeColor(color, -0.35)}"/>`;
}

/** Face and eye brushes: a handle, a metal ferrule and the bristles' tuft. */
function brush(color: string): string {
  return `<g transform="rotate(-30 200 200)">
<rect x="186" y="190" width="28" height="150" rx="12" fill="${DARK}"/>
<rect x="182" y="146" width="36" height="50" rx="4" fill="${GOLD}"/>
<path d="M182 148 C170 100 182 62 200 54 C218 62 230 100 218 148 Z" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="2"/>
</g>`;
}

/** A makeup sponge: the teardrop blender. */
function sponge(color: string): string {
  return `<path d="M200 70 C250 140 290 210 270 270 C255 318 145 318 130 270 C110 210 150 140 200 70 Z" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<ellipse cx="172" cy="220" rx="14" ry="34" fill="#ffffff" fill-opacity="0.3"/>`;
}

/** An eyelash curler: the curved clamp with its pad, the hinge and the handles' rings (in the product's colour). */
function curler(color: string): string {
  const metal = '#9aa1a8';
  return `<path d="M130 120 Q200 80 270 120" fill="none" stroke="${metal}" stroke-width="14" stroke-linecap="round"/>
<path d="M138 132 Q200 100 262 132" fill="none" stroke="${DARK}" stroke-width="8" stroke-linecap="round"/>
<path d="M140 124 L188 250 M260 124 L212 250" stroke="${metal}" stroke-width="10" stroke-linecap="round"/>
<circle cx="200" cy="256" r="10" fill="${metal}"/>
<circle cx="168" cy="300" r="30" fill="none" stroke="${color}" stroke-width="10"/>
<circle cx="232" cy="300" r="30" fill="none" stroke="${color}" stroke-width="10"/>`;
}

/** A makeup bag: a zipped pouch. */
function pouch(color: string): string {
  return `<path d="M96 150 H304 L290 320 Q200 340 110 320 Z" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="96" y="140" width="208" height="18" rx="6" fill="${DARK}"/>
<rect x="280" y="150" width="14" height="36" rx="4" fill="${GOLD}"/>`;
}

/** A hand mirror: the round glass in its frame and the handle. */
function mirror(color: string): string {
  return `<rect x="188" y="240" width="24" height="100" rx="10" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<circle cx="200" cy="160" r="92" fill="${color}" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<circle cx="200" cy="160" r="74" fill="#dfe8ee"/>
<path d="M160 130 L190 100 M158 160 L210 108" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>`;
}

/** A scented candle: the glass, the wax and a lit wick. */
function candle(color: string): string {
  return `<path d="M200 92 C214 112 214 130 200 140 C186 130 186 112 200 92 Z" fill="#f5b83d"/>
<rect x="198" y="138" width="4" height="26" fill="${DARK}"/>
<rect x="120" y="160" width="160" height="176" rx="14" fill="${color}" fill-opacity="0.75" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="120" y="160" width="160" height="26" rx="10" fill="#fbf5ea"/>
<rect x="150" y="226" width="100" height="56" rx="4" fill="#ffffff" fill-opacity="0.85"/>`;
}

/** A reed diffuser: a bottle with its reeds fanned out. */
function diffuser(color: string): string {
  return `<path d="M200 200 L150 50 M200 200 L186 44 M200 200 L214 44 M200 200 L250 50 M200 200 L278 80" stroke="#8a6a44" stroke-width="5" stroke-linecap="round"/>
<rect x="180" y="178" width="40" height="30" fill="${DARK}"/>
<rect x="132" y="206" width="136" height="130" rx="26" fill="${color}" fill-opacity="0.8" stroke="${shadeColor(color, -0.3)}" stroke-width="3"/>
<rect x="156" y="246" width="88" height="48" rx="4" fill="#ffffff" fill-opacity="0.85"/>`;
}

const SHAPES: Record<ProductShape, (color: string) => string> = {
  bottle,
  tube,
  jar,
  compact,
  palette,
  stick,
  nail_bottle: nailBottle,
  dropper,
  pump,
  spray,
  perfume,
  sheet_mask: sheetMask,
  pencil,
  wand,
  brush,
  sponge,
  curler,
  pouch,
  mirror,
  candle,
  diffuser,
};

/** A product picture drawn from data alone: the same input always gives the same bytes. */
export function productSvg(image: ProductImage): string {
  const color = image.colorHex ?? PACKAGING[image.productId % PACKAGING.length] ?? PACKAGING[0];
  const brand = escapeXml(image.brandName.toUpperCase());
  // `data-shape` says what is drawn (a test holds every seeded product's to its kind).
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(image.brandName)}" data-shape="${image.shape}">
<rect width="400" height="400" fill="#f6f1ee"/>
<ellipse cx="200" cy="342" rx="110" ry="10" fill="#000000" fill-opacity="0.08"/>
${SHAPES[image.shape](color)}
<text x="200" y="378" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="20" letter-spacing="2" fill="#3a3a3a">${brand}</text>
</svg>`;
}
