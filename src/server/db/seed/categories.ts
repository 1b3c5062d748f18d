import type { Localized } from '../schema.ts';
import type { ProductShape } from '../schema.ts';

/** What a product of a leaf category looks like and how it varies. */
export interface LeafTraits {
  shape: ProductShape;
  /** `shade` products come in colours of `palette`; `size` products in sizes of `unit`. */
  kind: 'shade' | 'size';
  palette?: 'skin' | 'lip' | 'eye' | 'nail';
  unit?: 'ml' | 'g' | 'piece';
  /** Typical Singapore price range in dollars; other countries convert from it. */
  priceSgd: readonly [number, number];
}

export interface CategorySeed {
  slug: string;
  name: Localized;
  children?: CategorySeed[];
  leaf?: LeafTraits;
}

const l = (en: string, zh: string, id: string, th: string): Localized => ({ en, zh, id, th });

const shade = (shape: ProductShape, palette: LeafTraits['palette'], priceSgd: readonly [number, number]): LeafTraits => ({ shape, kind: 'shade', palette, priceSgd });
const size = (shape: ProductShape, unit: LeafTraits['unit'], priceSgd: readonly [number, number]): LeafTraits => ({ shape, kind: 'size', unit, priceSgd });

/** Top categories → categories → sub-categories; products always belong to a sub-category. */
export const CATEGORY_TREE: CategorySeed[] = [
  {
    slug: 'makeup', name: l('Makeup', '彩妝', 'Makeup', 'เมคอัพ'),
    children: [
      { slug: 'face', name: l('Face', '臉部', 'Wajah', 'ใบหน้า'), children: [
        { slug: 'foundation', name: l('Foundation', '粉底', 'Alas Bedak', 'รองพื้น'), leaf: shade('bottle', 'skin', [38, 95]) },
        { slug: 'concealer', name: l('Concealer', '遮瑕膏', 'Concealer', 'คอนซีลเลอร์'), leaf: shade('tube', 'skin', [28, 60]) },
        { slug: 'powder', name: l('Powder', '蜜粉', 'Bedak', 'แป้ง'), leaf: shade('compact', 'skin', [30, 70]) },
        { slug: 'blush', name: l('Blush', '腮紅', 'Perona Pipi', 'บลัชออน'), leaf: shade('compact', 'lip', [25, 60]) },
        { slug: 'primer', name: l('Primer', '妝前乳', 'Primer', 'ไพรเมอร์'), leaf: size('tube', 'ml', [30, 75]) },
        { slug: 'highlighter', name: l('Highlighter', '打亮粉', 'Highlighter', 'ไฮไลท์'), leaf: shade('compact', 'eye', [30, 65]) },
      ] },
      { slug: 'eyes', name: l('Eyes', '眼部', 'Mata', 'ดวงตา'), children: [
        { slug: 'eyeshadow-palette', name: l('Eyeshadow Palette', '眼影盤', 'Palet Eyeshadow', 'พาเลทอายแชโดว์'), leaf: shade('palette', 'eye', [45, 120]) },
        { slug: 'mascara', name: l('Mascara', '睫毛膏', 'Maskara', 'มาสคาร่า'), leaf: shade('wand', 'eye', [25, 50]) },
        { slug: 'eyeliner', name: l('Eyeliner', '眼線筆', 'Eyeliner', 'อายไลเนอร์'), leaf: shade('pencil', 'eye', [20, 45]) },
        { slug: 'brow-pencil', name: l('Brow Pencil', '眉筆', 'Pensil Alis', 'ดินสอเขียนคิ้ว'), leaf: shade('pencil', 'skin', [20, 45]) },
      ] },
      { slug: 'lips', name: l('Lips', '唇部', 'Bibir', 'ริมฝีปาก'), children: [
        { slug: 'lipstick', name: l('Lipstick', '唇膏', 'Lipstik', 'ลิปสติก'), leaf: shade('stick', 'lip', [28, 65]) },
        { slug: 'lip-gloss', name: l('Lip Gloss', '唇蜜', 'Lip Gloss', 'ลิปกลอส'), leaf: shade('wand', 'lip', [24, 50]) },
        { slug: 'lip-liner', name: l('Lip Liner', '唇線筆', 'Pensil Bibir', 'ดินสอเขียนขอบปาก'), leaf: shade('pencil', 'lip', [20, 40]) },
        { slug: 'lip-balm', name: l('Lip Balm', '潤唇膏', 'Pelembap Bibir', 'ลิปบาล์ม'), leaf: size('stick', 'g', [20, 40]) },
      ] },
      { slug: 'nails', name: l('Nails', '指甲', 'Kuku', 'เล็บ'), children: [
        { slug: 'nail-polish', name: l('Nail Polish', '指甲油', 'Cat Kuku', 'ยาทาเล็บ'), leaf: shade('nail_bottle', 'nail', [20, 38]) },
        { slug: 'nail-care', name: l('Nail Care', '指甲護理', 'Perawatan Kuku', 'ผลิตภัณฑ์ดูแลเล็บ'), leaf: size('nail_bottle', 'ml', [20, 40]) },
      ] },
    ],
  },
  {
    slug: 'skincare', name: l('Skincare', '護膚', 'Perawatan Kulit', 'สกินแคร์'),
    children: [
      { slug: 'cleansers', name: l('Cleansers', '潔面', 'Pembersih', 'ผลิตภัณฑ์ทำความสะอาดผิวหน้า'), children: [
        { slug: 'face-wash', name: l('Face Wash', '洗面乳', 'Sabun Wajah', 'โฟมล้างหน้า'), leaf: size('tube', 'ml', [20, 55]) },
        { slug: 'cleansing-oil', name: l('Cleansing Oil', '卸妝油', 'Minyak Pembersih', 'คลีนซิ่งออยล์'), leaf: size('pump', 'ml', [30, 70]) },
        { slug: 'micellar-water', name: l('Micellar Water', '卸妝水', 'Air Micellar', 'ไมเซลลาร์วอเตอร์'), leaf: size('bottle', 'ml', [20, 45]) },
      ] },
      { slug: 'moisturisers', name: l('Moisturisers', '保濕', 'Pelembap', 'มอยส์เจอไรเซอร์'), children: [
        { slug: 'face-cream', name: l('Face Cream', '面霜', 'Krim Wajah', 'ครีมบำรุงผิวหน้า'), leaf: size('jar', 'ml', [40, 120]) },
        { slug: 'night-cream', name: l('Night Cream', '晚霜', 'Krim Malam', 'ไนท์ครีม'), leaf: size('jar', 'ml', [45, 120]) },
        { slug: 'gel-moisturiser', name: l('Gel Moisturiser', '保濕凝膠', 'Gel Pelembap', 'เจลบำรุงผิว'), leaf: size('jar', 'ml', [35, 90]) },
      ] },
      { slug: 'treatments', name: l('Treatments', '修護精華', 'Perawatan Khusus', 'ทรีทเมนต์'), children: [
        { slug: 'serum', name: l('Serum', '精華液', 'Serum', 'เซรั่ม'), leaf: size('dropper', 'ml', [45, 120]) },
        { slug: 'face-oil', name: l('Face Oil', '護膚油', 'Minyak Wajah', 'เฟซออยล์'), leaf: size('dropper', 'ml', [40, 110]) },
        { slug: 'exfoliator', name: l('Exfoliator', '去角質霜', 'Eksfoliator', 'ผลิตภัณฑ์ผลัดเซลล์ผิว'), leaf: size('tube', 'ml', [28, 70]) },
      ] },
      { slug: 'masks', name: l('Masks', '面膜', 'Masker', 'มาสก์'), children: [
        { slug: 'sheet-mask', name: l('Sheet Mask', '片狀面膜', 'Masker Lembaran', 'แผ่นมาสก์หน้า'), leaf: size('sheet_mask', 'piece', [20, 45]) },
        { slug: 'clay-mask', name: l('Clay Mask', '泥狀面膜', 'Masker Tanah Liat', 'มาสก์โคลน'), leaf: size('jar', 'ml', [28, 65]) },
      ] },
      { slug: 'eye-care', name: l('Eye Care', '眼部護理', 'Perawatan Mata', 'ดูแลรอบดวงตา'), children: [
        { slug: 'eye-cream', name: l('Eye Cream', '眼霜', 'Krim Mata', 'อายครีม'), leaf: size('jar', 'ml', [40, 110]) },
        { slug: 'eye-serum', name: l('Eye Serum', '眼部精華', 'Serum Mata', 'อายเซรั่ม'), leaf: size('dropper', 'ml', [45, 110]) },
      ] },
      { slug: 'sun-care', name: l('Sun Care', '防曬', 'Perlindungan Matahari', 'ผลิตภัณฑ์กันแดด'), children: [
        { slug: 'sunscreen', name: l('Sunscreen', '防曬乳', 'Tabir Surya', 'ครีมกันแดด'), leaf: size('tube', 'ml', [22, 55]) },
        { slug: 'after-sun', name: l('After Sun', '曬後修護', 'Perawatan Setelah Berjemur', 'อาฟเตอร์ซัน'), leaf: size('spray', 'ml', [20, 45]) },
      ] },
    ],
  },
  {
    slug: 'hair', name: l('Hair', '護髮', 'Rambut', 'ผม'),
    children: [
      { slug: 'shampoo-conditioner', name: l('Shampoo & Conditioner', '洗髮及護髮', 'Sampo & Kondisioner', 'แชมพูและครีมนวดผม'), children: [
        { slug: 'shampoo', name: l('Shampoo', '洗髮露', 'Sampo', 'แชมพู'), leaf: size('pump', 'ml', [20, 50]) },
        { slug: 'conditioner', name: l('Conditioner', '護髮素', 'Kondisioner', 'ครีมนวดผม'), leaf: size('pump', 'ml', [20, 50]) },
      ] },
      { slug: 'hair-treatments', name: l('Hair Treatments', '頭髮護理', 'Perawatan Rambut', 'ทรีทเมนต์ผม'), children: [
        { slug: 'hair-mask', name: l('Hair Mask', '髮膜', 'Masker Rambut', 'มาสก์ผม'), leaf: size('jar', 'ml', [25, 60]) },
        { slug: 'hair-oil', name: l('Hair Oil', '護髮油', 'Minyak Rambut', 'ออยล์บำรุงผม'), leaf: size('dropper', 'ml', [28, 65]) },
      ] },
      { slug: 'styling', name: l('Styling', '造型', 'Penataan Rambut', 'จัดแต่งทรงผม'), children: [
        { slug: 'hair-spray', name: l('Hair Spray', '定型噴霧', 'Semprotan Rambut', 'สเปรย์จัดแต่งทรงผม'), leaf: size('spray', 'ml', [20, 45]) },
        { slug: 'styling-cream', name: l('Styling Cream', '造型乳', 'Krim Penata Rambut', 'ครีมจัดแต่งทรงผม'), leaf: size('tube', 'ml', [20, 45]) },
      ] },
    ],
  },
  {
    slug: 'fragrance', name: l('Fragrance', '香水', 'Parfum', 'น้ำหอม'),
    children: [
      { slug: 'women', name: l('Women', '女士香水', 'Parfum Wanita', 'น้ำหอมผู้หญิง'), children: [
        { slug: 'eau-de-parfum', name: l('Eau de Parfum', '淡香精', 'Eau de Parfum', 'โอ เดอ พาร์ฟูม'), leaf: size('perfume', 'ml', [80, 120]) },
        { slug: 'eau-de-toilette', name: l('Eau de Toilette', '淡香水', 'Eau de Toilette', 'โอ เดอ ทอยเลตต์'), leaf: size('perfume', 'ml', [60, 110]) },
      ] },
      { slug: 'men', name: l('Men', '男士香水', 'Parfum Pria', 'น้ำหอมผู้ชาย'), children: [
        { slug: 'cologne', name: l('Cologne', '古龍水', 'Cologne', 'โคโลญ'), leaf: size('perfume', 'ml', [60, 115]) },
        { slug: 'aftershave', name: l('Aftershave', '鬚後水', 'Aftershave', 'อาฟเตอร์เชฟ'), leaf: size('bottle', 'ml', [35, 80]) },
      ] },
      { slug: 'home-scents', name: l('Home Scents', '居家香氛', 'Pengharum Ruangan', 'น้ำหอมสำหรับบ้าน'), children: [
        { slug: 'candles', name: l('Scented Candle', '香氛蠟燭', 'Lilin Aromaterapi', 'เทียนหอม'), leaf: size('candle', 'g', [40, 95]) },
        { slug: 'diffusers', name: l('Reed Diffuser', '藤枝擴香', 'Difuser Aroma', 'ก้านไม้หอม'), leaf: size('diffuser', 'ml', [45, 110]) },
      ] },
    ],
  },
  {
    slug: 'bath-body', name: l('Bath & Body', '沐浴及身體護理', 'Mandi & Tubuh', 'อาบน้ำและดูแลผิวกาย'),
    children: [
      { slug: 'bath-shower', name: l('Bath & Shower', '沐浴', 'Mandi', 'อาบน้ำ'), children: [
        { slug: 'body-wash', name: l('Body Wash', '沐浴露', 'Sabun Mandi Cair', 'เจลอาบน้ำ'), leaf: size('pump', 'ml', [20, 45]) },
        { slug: 'body-scrub', name: l('Body Scrub', '身體磨砂膏', 'Scrub Tubuh', 'สครับขัดผิว'), leaf: size('jar', 'g', [25, 55]) },
      ] },
      { slug: 'body-care', name: l('Body Care', '身體護理', 'Perawatan Tubuh', 'ดูแลผิวกาย'), children: [
        { slug: 'body-lotion', name: l('Body Lotion', '身體乳', 'Losion Tubuh', 'โลชั่นบำรุงผิว'), leaf: size('pump', 'ml', [20, 55]) },
        { slug: 'hand-cream', name: l('Hand Cream', '護手霜', 'Krim Tangan', 'ครีมทามือ'), leaf: size('tube', 'ml', [20, 40]) },
        { slug: 'deodorant', name: l('Deodorant', '止汗劑', 'Deodoran', 'ผลิตภัณฑ์ระงับกลิ่นกาย'), leaf: size('stick', 'g', [20, 35]) },
      ] },
    ],
  },
  {
    slug: 'tools-brushes', name: l('Tools & Brushes', '工具及化妝掃', 'Alat & Kuas', 'อุปกรณ์และแปรง'),
    children: [
      { slug: 'brushes', name: l('Brushes', '化妝掃', 'Kuas', 'แปรงแต่งหน้า'), children: [
        { slug: 'face-brush', name: l('Face Brush', '臉部化妝掃', 'Kuas Wajah', 'แปรงแต่งหน้า'), leaf: size('brush', 'piece', [25, 70]) },
        { slug: 'eye-brush', name: l('Eye Brush', '眼部化妝掃', 'Kuas Mata', 'แปรงแต่งตา'), leaf: size('brush', 'piece', [20, 45]) },
      ] },
      { slug: 'sponges-applicators', name: l('Sponges & Applicators', '粉撲及工具', 'Spons & Aplikator', 'ฟองน้ำและอุปกรณ์แต่งหน้า'), children: [
        { slug: 'makeup-sponge', name: l('Makeup Sponge', '化妝海綿', 'Spons Rias', 'ฟองน้ำแต่งหน้า'), leaf: size('sponge', 'piece', [20, 35]) },
        { slug: 'eyelash-curler', name: l('Eyelash Curler', '睫毛夾', 'Penjepit Bulu Mata', 'ที่ดัดขนตา'), leaf: size('curler', 'piece', [20, 45]) },
      ] },
      { slug: 'accessories', name: l('Accessories', '配件', 'Aksesori', 'อุปกรณ์เสริม'), children: [
        { slug: 'makeup-bag', name: l('Makeup Bag', '化妝袋', 'Tas Kosmetik', 'กระเป๋าเครื่องสำอาง'), leaf: size('pouch', 'piece', [25, 80]) },
        { slug: 'mirror', name: l('Mirror', '化妝鏡', 'Cermin Rias', 'กระจกแต่งหน้า'), leaf: size('mirror', 'piece', [25, 90]) },
      ] },
    ],
  },
];

export interface FlatCategory {
  id: number;
  parentId: number | null;
  level: number;
  slug: string;
  path: string;
  name: Localized;
  position: number;
  leaf?: LeafTraits;
}

/** The tree in depth-first order with fixed ids (1, 2, …). */
export function flattenCategories(tree: CategorySeed[] = CATEGORY_TREE): FlatCategory[] {
  const rows: FlatCategory[] = [];
  const walk = (nodes: CategorySeed[], parent: FlatCategory | null): void => {
    nodes.forEach((node, position) => {
      const row: FlatCategory = {
        id: rows.length + 1,
        parentId: parent?.id ?? null,
        level: (parent?.level ?? 0) + 1,
        slug: node.slug,
        path: parent ? `${parent.path}/${node.slug}` : node.slug,
        name: node.name,
        position,
        ...(node.leaf ? { leaf: node.leaf } : {}),
      };
      rows.push(row);
      if (node.children) walk(node.children, row);
    });
  };
  walk(tree, null);
  return rows;
}
