import type { LanguageCode } from './countries.ts';

/*
 * The states, provinces and regions a delivery address names (issue 13), kept apart from the
 * address rules (addresses.ts) because they are long lists of data. Codes are ISO 3166-2 where
 * the subdivision has one; the address's `state` field holds the code, never the name, so a
 * renamed province keeps its saved addresses valid.
 *
 * Names: English always (the API's messages and every country's fallback), and the country's
 * other store languages (countries.ts) where it has one: Thai for TH, Indonesian for ID,
 * Traditional Chinese for HK. The order here is not the order shown: the SPA sorts the options
 * by the name in the shopper's language.
 */

/** A name in English and, where the country offers them, its other languages. */
export type LocalizedName = Partial<Record<LanguageCode, string>> & { en: string };

export interface Subdivision {
  /** ISO 3166-2 code (`AU-NSW`), or our own where ISO has none (HK's areas). */
  code: string;
  name: LocalizedName;
}

/** Australia: the six states and the two mainland territories that take mail (ISO 3166-2:AU). */
export const AU_STATES: readonly Subdivision[] = [
  { code: 'AU-ACT', name: { en: 'Australian Capital Territory' } },
  { code: 'AU-NSW', name: { en: 'New South Wales' } },
  { code: 'AU-NT', name: { en: 'Northern Territory' } },
  { code: 'AU-QLD', name: { en: 'Queensland' } },
  { code: 'AU-SA', name: { en: 'South Australia' } },
  { code: 'AU-TAS', name: { en: 'Tasmania' } },
  { code: 'AU-VIC', name: { en: 'Victoria' } },
  { code: 'AU-WA', name: { en: 'Western Australia' } },
];

/**
 * Hong Kong: the three areas couriers sort by. ISO 3166-2 has no subdivisions for HK (it is
 * itself CN-HK), so the codes are the abbreviations Hong Kong addresses commonly use. With no
 * postcodes in HK, the area is what tells a courier which side of the harbour to go to.
 */
export const HK_AREAS: readonly Subdivision[] = [
  { code: 'HKI', name: { en: 'Hong Kong Island', zh: '香港島' } },
  { code: 'KLN', name: { en: 'Kowloon', zh: '九龍' } },
  { code: 'NT', name: { en: 'New Territories', zh: '新界' } },
];

/** Indonesia: the 38 provinces, with the four Papuan provinces of 2022 (ISO 3166-2:ID). */
export const ID_PROVINCES: readonly Subdivision[] = [
  { code: 'ID-AC', name: { en: 'Aceh', id: 'Aceh' } },
  { code: 'ID-SU', name: { en: 'North Sumatra', id: 'Sumatera Utara' } },
  { code: 'ID-SB', name: { en: 'West Sumatra', id: 'Sumatera Barat' } },
  { code: 'ID-RI', name: { en: 'Riau', id: 'Riau' } },
  { code: 'ID-KR', name: { en: 'Riau Islands', id: 'Kepulauan Riau' } },
  { code: 'ID-JA', name: { en: 'Jambi', id: 'Jambi' } },
  { code: 'ID-SS', name: { en: 'South Sumatra', id: 'Sumatera Selatan' } },
  { code: 'ID-BB', name: { en: 'Bangka Belitung Islands', id: 'Kepulauan Bangka Belitung' } },
  { code: 'ID-BE', name: { en: 'Bengkulu', id: 'Bengkulu' } },
  { code: 'ID-LA', name: { en: 'Lampung', id: 'Lampung' } },
  { code: 'ID-JK', name: { en: 'Jakarta', id: 'DKI Jakarta' } },
  { code: 'ID-JB', name: { en: 'West Java', id: 'Jawa Barat' } },
  { code: 'ID-BT', name: { en: 'Banten', id: 'Banten' } },
  { code: 'ID-JT', name: { en: 'Central Java', id: 'Jawa Tengah' } },
  { code: 'ID-YO', name: { en: 'Yogyakarta', id: 'DI Yogyakarta' } },
  { code: 'ID-JI', name: { en: 'East Java', id: 'Jawa Timur' } },
  { code: 'ID-BA', name: { en: 'Bali', id: 'Bali' } },
  { code: 'ID-NB', name: { en: 'West Nusa Tenggara', id: 'Nusa Tenggara Barat' } },
  { code: 'ID-NT', name: { en: 'East Nusa Tenggara', id: 'Nusa Tenggara Timur' } },
  { code: 'ID-KB', name: { en: 'West Kalimantan', id: 'Kalimantan Barat' } },
  { code: 'ID-KT', name: { en: 'Central Kalimantan', id: 'Kalimantan Tengah' } },
  { code: 'ID-KS', name: { en: 'South Kalimantan', id: 'Kalimantan Selatan' } },
  { code: 'ID-KI', name: { en: 'East Kalimantan', id: 'Kalimantan Timur' } },
  { code: 'ID-KU', name: { en: 'North Kalimantan', id: 'Kalimantan Utara' } },
  { code: 'ID-SA', name: { en: 'North Sulawesi', id: 'Sulawesi Utara' } },
  { code: 'ID-ST', name: { en: 'Central Sulawesi', id: 'Sulawesi Tengah' } },
  { code: 'ID-SN', name: { en: 'South Sulawesi', id: 'Sulawesi Selatan' } },
  { code: 'ID-SG', name: { en: 'Southeast Sulawesi', id: 'Sulawesi Tenggara' } },
  { code: 'ID-GO', name: { en: 'Gorontalo', id: 'Gorontalo' } },
  { code: 'ID-SR', name: { en: 'West Sulawesi', id: 'Sulawesi Barat' } },
  { code: 'ID-MA', name: { en: 'Maluku', id: 'Maluku' } },
  { code: 'ID-MU', name: { en: 'North Maluku', id: 'Maluku Utara' } },
  { code: 'ID-PA', name: { en: 'Papua', id: 'Papua' } },
  { code: 'ID-PB', name: { en: 'West Papua', id: 'Papua Barat' } },
  { code: 'ID-PD', name: { en: 'Southwest Papua', id: 'Papua Barat Daya' } },
  { code: 'ID-PE', name: { en: 'Highland Papua', id: 'Papua Pegunungan' } },
  { code: 'ID-PS', name: { en: 'South Papua', id: 'Papua Selatan' } },
  { code: 'ID-PT', name: { en: 'Central Papua', id: 'Papua Tengah' } },
];

/** Malaysia: the 13 states and the 3 federal territories (ISO 3166-2:MY). */
export const MY_STATES: readonly Subdivision[] = [
  { code: 'MY-01', name: { en: 'Johor' } },
  { code: 'MY-02', name: { en: 'Kedah' } },
  { code: 'MY-03', name: { en: 'Kelantan' } },
  { code: 'MY-04', name: { en: 'Melaka' } },
  { code: 'MY-05', name: { en: 'Negeri Sembilan' } },
  { code: 'MY-06', name: { en: 'Pahang' } },
  { code: 'MY-07', name: { en: 'Penang' } },
  { code: 'MY-08', name: { en: 'Perak' } },
  { code: 'MY-09', name: { en: 'Perlis' } },
  { code: 'MY-10', name: { en: 'Selangor' } },
  { code: 'MY-11', name: { en: 'Terengganu' } },
  { code: 'MY-12', name: { en: 'Sabah' } },
  { code: 'MY-13', name: { en: 'Sarawak' } },
  { code: 'MY-14', name: { en: 'Kuala Lumpur' } },
  { code: 'MY-15', name: { en: 'Labuan' } },
  { code: 'MY-16', name: { en: 'Putrajaya' } },
];

/**
 * The Philippines: the 82 provinces (ISO 3166-2:PH, with Maguindanao split in 2022) and Metro
 * Manila, which belongs to no province and so is listed by its region's code (PH-00). Provinces
 * rather than the 17 regions: a Philippine address names its province, shoppers know it (few know
 * their region's number), and couriers' rates and lead times follow provinces.
 */
export const PH_PROVINCES: readonly Subdivision[] = [
  { code: 'PH-00', name: { en: 'Metro Manila' } },
  { code: 'PH-ABR', name: { en: 'Abra' } },
  { code: 'PH-AGN', name: { en: 'Agusan del Norte' } },
  { code: 'PH-AGS', name: { en: 'Agusan del Sur' } },
  { code: 'PH-AKL', name: { en: 'Aklan' } },
  { code: 'PH-ALB', name: { en: 'Albay' } },
  { code: 'PH-ANT', name: { en: 'Antique' } },
  { code: 'PH-APA', name: { en: 'Apayao' } },
  { code: 'PH-AUR', name: { en: 'Aurora' } },
  { code: 'PH-BAS', name: { en: 'Basilan' } },
  { code: 'PH-BAN', name: { en: 'Bataan' } },
  { code: 'PH-BTN', name: { en: 'Batanes' } },
  { code: 'PH-BTG', name: { en: 'Batangas' } },
  { code: 'PH-BEN', name: { en: 'Benguet' } },
  { code: 'PH-BIL', name: { en: 'Biliran' } },
  { code: 'PH-BOH', name: { en: 'Bohol' } },
  { code: 'PH-BUK', name: { en: 'Bukidnon' } },
  { code: 'PH-BUL', name: { en: 'Bulacan' } },
  { code: 'PH-CAG', name: { en: 'Cagayan' } },
  { code: 'PH-CAN', name: { en: 'Camarines Norte' } },
  { code: 'PH-CAS', name: { en: 'Camarines Sur' } },
  { code: 'PH-CAM', name: { en: 'Camiguin' } },
  { code: 'PH-CAP', name: { en: 'Capiz' } },
  { code: 'PH-CAT', name: { en: 'Catanduanes' } },
  { code: 'PH-CAV', name: { en: 'Cavite' } },
  { code: 'PH-CEB', name: { en: 'Cebu' } },
  { code: 'PH-NCO', name: { en: 'Cotabato' } },
  { code: 'PH-COM', name: { en: 'Davao de Oro' } },
  { code: 'PH-DAV', name: { en: 'Davao del Norte' } },
  { code: 'PH-DAS', name: { en: 'Davao del Sur' } },
  { code: 'PH-DVO', name: { en: 'Davao Occidental' } },
  { code: 'PH-DAO', name: { en: 'Davao Oriental' } },
  { code: 'PH-DIN', name: { en: 'Dinagat Islands' } },
  { code: 'PH-EAS', name: { en: 'Eastern Samar' } },
  { code: 'PH-GUI', name: { en: 'Guimaras' } },
  { code: 'PH-IFU', name: { en: 'Ifugao' } },
  { code: 'PH-ILN', name: { en: 'Ilocos Norte' } },
  { code: 'PH-ILS', name: { en: 'Ilocos Sur' } },
  { code: 'PH-ILI', name: { en: 'Iloilo' } },
  { code: 'PH-ISA', name: { en: 'Isabela' } },
  { code: 'PH-KAL', name: { en: 'Kalinga' } },
  { code: 'PH-LUN', name: { en: 'La Union' } },
  { code: 'PH-LAG', name: { en: 'Laguna' } },
  { code: 'PH-LAN', name: { en: 'Lanao del Norte' } },
  { code: 'PH-LAS', name: { en: 'Lanao del Sur' } },
  { code: 'PH-LEY', name: { en: 'Leyte' } },
  { code: 'PH-MGN', name: { en: 'Maguindanao del Norte' } },
  { code: 'PH-MGS', name: { en: 'Maguindanao del Sur' } },
  { code: 'PH-MAD', name: { en: 'Marinduque' } },
  { code: 'PH-MAS', name: { en: 'Masbate' } },
  { code: 'PH-MSC', name: { en: 'Misamis Occidental' } },
  { code: 'PH-MSR', name: { en: 'Misamis Oriental' } },
  { code: 'PH-MOU', name: { en: 'Mountain Province' } },
  { code: 'PH-NEC', name: { en: 'Negros Occidental' } },
  { code: 'PH-NER', name: { en: 'Negros Oriental' } },
  { code: 'PH-NSA', name: { en: 'Northern Samar' } },
  { code: 'PH-NUE', name: { en: 'Nueva Ecija' } },
  { code: 'PH-NUV', name: { en: 'Nueva Vizcaya' } },
  { code: 'PH-MDC', name: { en: 'Occidental Mindoro' } },
  { code: 'PH-MDR', name: { en: 'Oriental Mindoro' } },
  { code: 'PH-PLW', name: { en: 'Palawan' } },
  { code: 'PH-PAM', name: { en: 'Pampanga' } },
  { code: 'PH-PAN', name: { en: 'Pangasinan' } },
  { code: 'PH-QUE', name: { en: 'Quezon' } },
  { code: 'PH-QUI', name: { en: 'Quirino' } },
  { code: 'PH-RIZ', name: { en: 'Rizal' } },
  { code: 'PH-ROM', name: { en: 'Romblon' } },
  { code: 'PH-WSA', name: { en: 'Samar' } },
  { code: 'PH-SAR', name: { en: 'Sarangani' } },
  { code: 'PH-SIG', name: { en: 'Siquijor' } },
  { code: 'PH-SOR', name: { en: 'Sorsogon' } },
  { code: 'PH-SCO', name: { en: 'South Cotabato' } },
  { code: 'PH-SLE', name: { en: 'Southern Leyte' } },
  { code: 'PH-SUK', name: { en: 'Sultan Kudarat' } },
  { code: 'PH-SLU', name: { en: 'Sulu' } },
  { code: 'PH-SUN', name: { en: 'Surigao del Norte' } },
  { code: 'PH-SUR', name: { en: 'Surigao del Sur' } },
  { code: 'PH-TAR', name: { en: 'Tarlac' } },
  { code: 'PH-TAW', name: { en: 'Tawi-Tawi' } },
  { code: 'PH-ZMB', name: { en: 'Zambales' } },
  { code: 'PH-ZAN', name: { en: 'Zamboanga del Norte' } },
  { code: 'PH-ZAS', name: { en: 'Zamboanga del Sur' } },
  { code: 'PH-ZSI', name: { en: 'Zamboanga Sibugay' } },
];

/**
 * Thailand: Bangkok and the 76 provinces (ISO 3166-2:TH; Pattaya's special-city code TH-S is
 * left out, as its addresses name Chon Buri province).
 */
export const TH_PROVINCES: readonly Subdivision[] = [
  { code: 'TH-10', name: { en: 'Bangkok', th: 'กรุงเทพมหานคร' } },
  { code: 'TH-11', name: { en: 'Samut Prakan', th: 'สมุทรปราการ' } },
  { code: 'TH-12', name: { en: 'Nonthaburi', th: 'นนทบุรี' } },
  { code: 'TH-13', name: { en: 'Pathum Thani', th: 'ปทุมธานี' } },
  { code: 'TH-14', name: { en: 'Phra Nakhon Si Ayutthaya', th: 'พระนครศรีอยุธยา' } },
  { code: 'TH-15', name: { en: 'Ang Thong', th: 'อ่างทอง' } },
  { code: 'TH-16', name: { en: 'Lopburi', th: 'ลพบุรี' } },
  { code: 'TH-17', name: { en: 'Sing Buri', th: 'สิงห์บุรี' } },
  { code: 'TH-18', name: { en: 'Chai Nat', th: 'ชัยนาท' } },
  { code: 'TH-19', name: { en: 'Saraburi', th: 'สระบุรี' } },
  { code: 'TH-20', name: { en: 'Chon Buri', th: 'ชลบุรี' } },
  { code: 'TH-21', name: { en: 'Rayong', th: 'ระยอง' } },
  { code: 'TH-22', name: { en: 'Chanthaburi', th: 'จันทบุรี' } },
  { code: 'TH-23', name: { en: 'Trat', th: 'ตราด' } },
  { code: 'TH-24', name: { en: 'Chachoengsao', th: 'ฉะเชิงเทรา' } },
  { code: 'TH-25', name: { en: 'Prachin Buri', th: 'ปราจีนบุรี' } },
  { code: 'TH-26', name: { en: 'Nakhon Nayok', th: 'นครนายก' } },
  { code: 'TH-27', name: { en: 'Sa Kaeo', th: 'สระแก้ว' } },
  { code: 'TH-30', name: { en: 'Nakhon Ratchasima', th: 'นครราชสีมา' } },
  { code: 'TH-31', name: { en: 'Buri Ram', th: 'บุรีรัมย์' } },
  { code: 'TH-32', name: { en: 'Surin', th: 'สุรินทร์' } },
  { code: 'TH-33', name: { en: 'Si Sa Ket', th: 'ศรีสะเกษ' } },
  { code: 'TH-34', name: { en: 'Ubon Ratchathani', th: 'อุบลราชธานี' } },
  { code: 'TH-35', name: { en: 'Yasothon', th: 'ยโสธร' } },
  { code: 'TH-36', name: { en: 'Chaiyaphum', th: 'ชัยภูมิ' } },
  { code: 'TH-37', name: { en: 'Amnat Charoen', th: 'อำนาจเจริญ' } },
  { code: 'TH-38', name: { en: 'Bueng Kan', th: 'บึงกาฬ' } },
  { code: 'TH-39', name: { en: 'Nong Bua Lam Phu', th: 'หนองบัวลำภู' } },
  { code: 'TH-40', name: { en: 'Khon Kaen', th: 'ขอนแก่น' } },
  { code: 'TH-41', name: { en: 'Udon Thani', th: 'อุดรธานี' } },
  { code: 'TH-42', name: { en: 'Loei', th: 'เลย' } },
  { code: 'TH-43', name: { en: 'Nong Khai', th: 'หนองคาย' } },
  { code: 'TH-44', name: { en: 'Maha Sarakham', th: 'มหาสารคาม' } },
  { code: 'TH-45', name: { en: 'Roi Et', th: 'ร้อยเอ็ด' } },
  { code: 'TH-46', name: { en: 'Kalasin', th: 'กาฬสินธุ์' } },
  { code: 'TH-47', name: { en: 'Sakon Nakhon', th: 'สกลนคร' } },
  { code: 'TH-48', name: { en: 'Nakhon Phanom', th: 'นครพนม' } },
  { code: 'TH-49', name: { en: 'Mukdahan', th: 'มุกดาหาร' } },
  { code: 'TH-50', name: { en: 'Chiang Mai', th: 'เชียงใหม่' } },
  { code: 'TH-51', name: { en: 'Lamphun', th: 'ลำพูน' } },
  { code: 'TH-52', name: { en: 'Lampang', th: 'ลำปาง' } },
  { code: 'TH-53', name: { en: 'Uttaradit', th: 'อุตรดิตถ์' } },
  { code: 'TH-54', name: { en: 'Phrae', th: 'แพร่' } },
  { code: 'TH-55', name: { en: 'Nan', th: 'น่าน' } },
  { code: 'TH-56', name: { en: 'Phayao', th: 'พะเยา' } },
  { code: 'TH-57', name: { en: 'Chiang Rai', th: 'เชียงราย' } },
  { code: 'TH-58', name: { en: 'Mae Hong Son', th: 'แม่ฮ่องสอน' } },
  { code: 'TH-60', name: { en: 'Nakhon Sawan', th: 'นครสวรรค์' } },
  { code: 'TH-61', name: { en: 'Uthai Thani', th: 'อุทัยธานี' } },
  { code: 'TH-62', name: { en: 'Kamphaeng Phet', th: 'กำแพงเพชร' } },
  { code: 'TH-63', name: { en: 'Tak', th: 'ตาก' } },
  { code: 'TH-64', name: { en: 'Sukhothai', th: 'สุโขทัย' } },
  { code: 'TH-65', name: { en: 'Phitsanulok', th: 'พิษณุโลก' } },
  { code: 'TH-66', name: { en: 'Phichit', th: 'พิจิตร' } },
  { code: 'TH-67', name: { en: 'Phetchabun', th: 'เพชรบูรณ์' } },
  { code: 'TH-70', name: { en: 'Ratchaburi', th: 'ราชบุรี' } },
  { code: 'TH-71', name: { en: 'Kanchanaburi', th: 'กาญจนบุรี' } },
  { code: 'TH-72', name: { en: 'Suphan Buri', th: 'สุพรรณบุรี' } },
  { code: 'TH-73', name: { en: 'Nakhon Pathom', th: 'นครปฐม' } },
  { code: 'TH-74', name: { en: 'Samut Sakhon', th: 'สมุทรสาคร' } },
  { code: 'TH-75', name: { en: 'Samut Songkhram', th: 'สมุทรสงคราม' } },
  { code: 'TH-76', name: { en: 'Phetchaburi', th: 'เพชรบุรี' } },
  { code: 'TH-77', name: { en: 'Prachuap Khiri Khan', th: 'ประจวบคีรีขันธ์' } },
  { code: 'TH-80', name: { en: 'Nakhon Si Thammarat', th: 'นครศรีธรรมราช' } },
  { code: 'TH-81', name: { en: 'Krabi', th: 'กระบี่' } },
  { code: 'TH-82', name: { en: 'Phang Nga', th: 'พังงา' } },
  { code: 'TH-83', name: { en: 'Phuket', th: 'ภูเก็ต' } },
  { code: 'TH-84', name: { en: 'Surat Thani', th: 'สุราษฎร์ธานี' } },
  { code: 'TH-85', name: { en: 'Ranong', th: 'ระนอง' } },
  { code: 'TH-86', name: { en: 'Chumphon', th: 'ชุมพร' } },
  { code: 'TH-90', name: { en: 'Songkhla', th: 'สงขลา' } },
  { code: 'TH-91', name: { en: 'Satun', th: 'สตูล' } },
  { code: 'TH-92', name: { en: 'Trang', th: 'ตรัง' } },
  { code: 'TH-93', name: { en: 'Phatthalung', th: 'พัทลุง' } },
  { code: 'TH-94', name: { en: 'Pattani', th: 'ปัตตานี' } },
  { code: 'TH-95', name: { en: 'Yala', th: 'ยะลา' } },
  { code: 'TH-96', name: { en: 'Narathiwat', th: 'นราธิวาส' } },
];
