import type { CountryCode } from './countries.ts';
import type { CatalogName } from './languages.ts';
import type { OpeningTime } from './stores.ts';

/*
 * The main public holidays of 2026 and 2027 per country (issue 14): the days a store keeps other hours than
 * its weekday's, closed or short. Data, never branches in code: the slots, the available days and
 * the store pages read their exceptions from here. Every store of a country keeps the country's
 * holiday hours (malls set them, not the shop).
 *
 * Dates are the governments' published ones for 2026. The lunar and Islamic holidays of 2027 are
 * the expected dates (Chinese New Year, Vesak, the Eids, Deepavali move with the moon and are gazetted
 * the year before): check them against each gazette when it is out. A holiday that falls on a
 * Sunday is listed on the weekday it is observed where the country moves it; a day on which the law
 * keeps shops shut (Christmas Day in Australia and New Zealand) is listed as well as the day observed.
 */

export type HolidayName =
  | 'newYear' | 'lunarNewYear' | 'lunarNewYear2' | 'lunarNewYear3' | 'goodFriday' | 'easterMonday' | 'maundyThursday' | 'labourDay'
  | 'christmas' | 'boxingDay' | 'australiaDay' | 'anzacDay' | 'waitangiDay' | 'matariki' | 'eidAlFitr' | 'eidAlAdha' | 'vesak'
  | 'nationalDay' | 'independenceDay' | 'deepavali' | 'malaysiaDay' | 'hksarDay' | 'chingMing' | 'midAutumn' | 'tuenNg' | 'buddhasBirthday'
  | 'songkran' | 'chakriDay' | 'makhaBucha' | 'kingsBirthdayTh' | 'fathersDayTh' | 'constitutionDayTh' | 'newYearsEve' | 'rizalDay'
  | 'bonifacioDay' | 'pancasilaDay' | 'ascensionDay';

/** Each holiday's name in the four catalogs' languages (names of the shopper's language, not the country's). */
export const HOLIDAY_NAMES: Readonly<Record<HolidayName, Readonly<Record<CatalogName, string>>>> = {
  newYear: { en: "New Year's Day", 'zh-Hant': '元旦', id: 'Tahun Baru Masehi', th: 'วันขึ้นปีใหม่' },
  lunarNewYear: { en: 'Chinese New Year', 'zh-Hant': '農曆新年', id: 'Tahun Baru Imlek', th: 'วันตรุษจีน' },
  lunarNewYear2: { en: 'Second day of Chinese New Year', 'zh-Hant': '農曆年初二', id: 'Hari kedua Tahun Baru Imlek', th: 'วันตรุษจีน (วันที่สอง)' },
  lunarNewYear3: { en: 'Third day of Chinese New Year', 'zh-Hant': '農曆年初三', id: 'Hari ketiga Tahun Baru Imlek', th: 'วันตรุษจีน (วันที่สาม)' },
  goodFriday: { en: 'Good Friday', 'zh-Hant': '耶穌受難節', id: 'Jumat Agung', th: 'วันศุกร์ประเสริฐ' },
  easterMonday: { en: 'Easter Monday', 'zh-Hant': '復活節星期一', id: 'Senin Paskah', th: 'วันจันทร์อีสเตอร์' },
  maundyThursday: { en: 'Maundy Thursday', 'zh-Hant': '濯足節', id: 'Kamis Putih', th: 'วันพฤหัสบดีศักดิ์สิทธิ์' },
  labourDay: { en: 'Labour Day', 'zh-Hant': '勞動節', id: 'Hari Buruh', th: 'วันแรงงาน' },
  christmas: { en: 'Christmas Day', 'zh-Hant': '聖誕節', id: 'Hari Natal', th: 'วันคริสต์มาส' },
  boxingDay: { en: 'Boxing Day', 'zh-Hant': '節禮日', id: 'Boxing Day', th: 'วันบ็อกซิงเดย์' },
  australiaDay: { en: 'Australia Day', 'zh-Hant': '澳洲國慶日', id: 'Hari Australia', th: 'วันชาติออสเตรเลีย' },
  anzacDay: { en: 'Anzac Day', 'zh-Hant': '澳紐軍團日', id: 'Hari Anzac', th: 'วันแอนแซก' },
  waitangiDay: { en: 'Waitangi Day', 'zh-Hant': '懷唐伊日', id: 'Hari Waitangi', th: 'วันไวตังกิ' },
  matariki: { en: 'Matariki', 'zh-Hant': '毛利新年', id: 'Matariki', th: 'มาตาริกิ' },
  eidAlFitr: { en: 'Eid al-Fitr', 'zh-Hant': '開齋節', id: 'Idul Fitri', th: 'วันอีดิลฟิฏรี' },
  eidAlAdha: { en: 'Eid al-Adha', 'zh-Hant': '哈芝節', id: 'Idul Adha', th: 'วันอีดิลอัฎฮา' },
  vesak: { en: 'Vesak Day', 'zh-Hant': '衛塞節', id: 'Hari Raya Waisak', th: 'วันวิสาขบูชา' },
  nationalDay: { en: 'National Day', 'zh-Hant': '國慶日', id: 'Hari Nasional', th: 'วันชาติ' },
  independenceDay: { en: 'Independence Day', 'zh-Hant': '獨立日', id: 'Hari Kemerdekaan', th: 'วันประกาศอิสรภาพ' },
  deepavali: { en: 'Deepavali', 'zh-Hant': '屠妖節', id: 'Deepavali', th: 'วันดีปาวลี' },
  malaysiaDay: { en: 'Malaysia Day', 'zh-Hant': '馬來西亞日', id: 'Hari Malaysia', th: 'วันมาเลเซีย' },
  hksarDay: { en: 'HKSAR Establishment Day', 'zh-Hant': '香港特別行政區成立紀念日', id: 'Hari Pembentukan HKSAR', th: 'วันสถาปนาเขตบริหารพิเศษฮ่องกง' },
  chingMing: { en: 'Ching Ming Festival', 'zh-Hant': '清明節', id: 'Festival Qingming', th: 'เทศกาลเช็งเม้ง' },
  midAutumn: { en: 'Day after Mid-Autumn Festival', 'zh-Hant': '中秋節翌日', id: 'Sehari setelah Festival Kue Bulan', th: 'วันหลังเทศกาลไหว้พระจันทร์' },
  tuenNg: { en: 'Tuen Ng Festival', 'zh-Hant': '端午節', id: 'Festival Perahu Naga', th: 'เทศกาลไหว้บ๊ะจ่าง' },
  buddhasBirthday: { en: "Buddha's Birthday", 'zh-Hant': '佛誕', id: 'Hari Kelahiran Buddha', th: 'วันประสูติของพระพุทธเจ้า' },
  songkran: { en: 'Songkran Festival', 'zh-Hant': '潑水節', id: 'Festival Songkran', th: 'วันสงกรานต์' },
  chakriDay: { en: 'Chakri Memorial Day', 'zh-Hant': '卻克里王朝紀念日', id: 'Hari Peringatan Chakri', th: 'วันจักรี' },
  makhaBucha: { en: 'Makha Bucha Day', 'zh-Hant': '萬佛節', id: 'Hari Makha Bucha', th: 'วันมาฆบูชา' },
  kingsBirthdayTh: { en: "H.M. the King's Birthday", 'zh-Hant': '泰王誕辰', id: 'Hari Ulang Tahun Raja Thailand', th: 'วันเฉลิมพระชนมพรรษา พระบาทสมเด็จพระเจ้าอยู่หัว' },
  fathersDayTh: { en: "National Father's Day", 'zh-Hant': '泰國父親節', id: 'Hari Ayah Nasional Thailand', th: 'วันพ่อแห่งชาติ' },
  constitutionDayTh: { en: 'Constitution Day', 'zh-Hant': '行憲紀念日', id: 'Hari Konstitusi', th: 'วันรัฐธรรมนูญ' },
  newYearsEve: { en: "New Year's Eve", 'zh-Hant': '新年前夕', id: 'Malam Tahun Baru', th: 'วันสิ้นปี' },
  rizalDay: { en: 'Rizal Day', 'zh-Hant': '黎剎紀念日', id: 'Hari Rizal', th: 'วันรีซัล' },
  bonifacioDay: { en: 'Bonifacio Day', 'zh-Hant': '博尼法西奧紀念日', id: 'Hari Bonifacio', th: 'วันโบนิฟาซิโอ' },
  pancasilaDay: { en: 'Pancasila Day', 'zh-Hant': '建國五項原則日', id: 'Hari Lahir Pancasila', th: 'วันปัญจศีล' },
  ascensionDay: { en: 'Ascension Day', 'zh-Hant': '耶穌升天節', id: 'Kenaikan Yesus Kristus', th: 'วันเสด็จขึ้นสวรรค์' },
};

export interface PublicHoliday {
  /** `YYYY-MM-DD` in the country's calendar. */
  date: string;
  name: HolidayName;
  /** Null: the stores are closed; else the hours they keep that day (local time). */
  hours: OpeningTime | null;
}

/** The hours a country's malls keep on a public holiday they open (shorter than a usual day). */
const HOLIDAY_HOURS: Readonly<Record<CountryCode, OpeningTime>> = {
  AU: { opens: '10:00', closes: '16:00' },
  HK: { opens: '12:00', closes: '20:00' },
  ID: { opens: '11:00', closes: '21:00' },
  MY: { opens: '11:00', closes: '21:00' },
  NZ: { opens: '10:00', closes: '16:00' },
  PH: { opens: '11:00', closes: '20:00' },
  SG: { opens: '11:00', closes: '21:00' },
  TH: { opens: '11:00', closes: '20:00' },
};

/** `'2026-01-01 newYear'` open short, `'2026-12-25 christmas closed'`, `'2026-04-25 anzacDay 13:00'` opening late (the law keeps shops shut on Anzac Day morning). */
function days(country: CountryCode, entries: readonly string[]): readonly PublicHoliday[] {
  return entries.map((entry) => {
    const [date = '', name = '', how] = entry.split(' ');
    const short = HOLIDAY_HOURS[country];
    const hours = how === 'closed' ? null : how ? { opens: how, closes: short.closes } : short;
    return { date, name: name as HolidayName, hours };
  });
}

export const PUBLIC_HOLIDAYS: Readonly<Record<CountryCode, readonly PublicHoliday[]>> = {
  AU: days('AU', [
    '2026-01-01 newYear', '2026-01-26 australiaDay', '2026-04-03 goodFriday closed', '2026-04-06 easterMonday', '2026-04-25 anzacDay 13:00', '2026-12-25 christmas closed', '2026-12-28 boxingDay',
    '2027-01-01 newYear', '2027-01-26 australiaDay', '2027-03-26 goodFriday closed', '2027-03-29 easterMonday', '2027-04-25 anzacDay 13:00', '2027-12-25 christmas closed', '2027-12-27 christmas', '2027-12-28 boxingDay',
  ]),
  HK: days('HK', [
    '2026-01-01 newYear', '2026-02-17 lunarNewYear closed', '2026-02-18 lunarNewYear2', '2026-02-19 lunarNewYear3', '2026-04-03 goodFriday', '2026-04-06 easterMonday', '2026-05-01 labourDay',
    '2026-05-25 buddhasBirthday', '2026-06-19 tuenNg', '2026-07-01 hksarDay', '2026-09-26 midAutumn', '2026-10-01 nationalDay', '2026-12-25 christmas', '2026-12-26 boxingDay',
    '2027-01-01 newYear', '2027-02-06 lunarNewYear closed', '2027-02-08 lunarNewYear3', '2027-03-26 goodFriday', '2027-03-29 easterMonday', '2027-04-05 chingMing', '2027-05-13 buddhasBirthday',
    '2027-06-09 tuenNg', '2027-07-01 hksarDay', '2027-09-16 midAutumn', '2027-10-01 nationalDay', '2027-12-25 christmas', '2027-12-27 boxingDay',
  ]),
  ID: days('ID', [
    '2026-01-01 newYear', '2026-02-17 lunarNewYear', '2026-03-20 eidAlFitr closed', '2026-03-21 eidAlFitr', '2026-04-03 goodFriday', '2026-05-01 labourDay', '2026-05-14 ascensionDay',
    '2026-05-27 eidAlAdha', '2026-05-31 vesak', '2026-06-01 pancasilaDay', '2026-08-17 independenceDay', '2026-12-25 christmas',
    '2027-01-01 newYear', '2027-02-06 lunarNewYear', '2027-03-10 eidAlFitr closed', '2027-03-11 eidAlFitr', '2027-03-26 goodFriday', '2027-05-01 labourDay', '2027-05-06 ascensionDay',
    '2027-05-17 eidAlAdha', '2027-05-20 vesak', '2027-06-01 pancasilaDay', '2027-08-17 independenceDay', '2027-12-25 christmas',
  ]),
  MY: days('MY', [
    '2026-01-01 newYear', '2026-02-17 lunarNewYear closed', '2026-02-18 lunarNewYear2', '2026-03-21 eidAlFitr closed', '2026-03-22 eidAlFitr', '2026-05-01 labourDay', '2026-05-27 eidAlAdha',
    '2026-05-31 vesak', '2026-08-31 nationalDay', '2026-09-16 malaysiaDay', '2026-11-08 deepavali', '2026-12-25 christmas',
    '2027-01-01 newYear', '2027-02-06 lunarNewYear closed', '2027-02-07 lunarNewYear2', '2027-03-10 eidAlFitr closed', '2027-03-11 eidAlFitr', '2027-05-01 labourDay', '2027-05-17 eidAlAdha',
    '2027-05-20 vesak', '2027-08-31 nationalDay', '2027-09-16 malaysiaDay', '2027-10-28 deepavali', '2027-12-25 christmas',
  ]),
  NZ: days('NZ', [
    '2026-01-01 newYear', '2026-02-06 waitangiDay', '2026-04-03 goodFriday closed', '2026-04-06 easterMonday', '2026-04-25 anzacDay 13:00', '2026-04-27 anzacDay', '2026-07-10 matariki', '2026-12-25 christmas closed', '2026-12-28 boxingDay',
    '2027-01-01 newYear', '2027-02-08 waitangiDay', '2027-03-26 goodFriday closed', '2027-03-29 easterMonday', '2027-04-25 anzacDay 13:00', '2027-04-26 anzacDay', '2027-06-25 matariki', '2027-12-25 christmas closed', '2027-12-27 christmas', '2027-12-28 boxingDay',
  ]),
  PH: days('PH', [
    '2026-01-01 newYear', '2026-04-02 maundyThursday', '2026-04-03 goodFriday closed', '2026-05-01 labourDay', '2026-06-12 independenceDay', '2026-11-30 bonifacioDay', '2026-12-25 christmas',
    '2026-12-30 rizalDay', '2026-12-31 newYearsEve',
    '2027-01-01 newYear', '2027-03-25 maundyThursday', '2027-03-26 goodFriday closed', '2027-05-01 labourDay', '2027-06-12 independenceDay', '2027-11-30 bonifacioDay', '2027-12-25 christmas',
    '2027-12-30 rizalDay', '2027-12-31 newYearsEve',
  ]),
  SG: days('SG', [
    '2026-01-01 newYear', '2026-02-17 lunarNewYear closed', '2026-02-18 lunarNewYear2', '2026-03-21 eidAlFitr', '2026-04-03 goodFriday', '2026-05-01 labourDay', '2026-05-27 eidAlAdha',
    '2026-06-01 vesak', '2026-08-10 nationalDay', '2026-11-09 deepavali', '2026-12-25 christmas',
    '2027-01-01 newYear', '2027-02-06 lunarNewYear closed', '2027-02-08 lunarNewYear2', '2027-03-10 eidAlFitr', '2027-03-26 goodFriday', '2027-05-01 labourDay', '2027-05-17 eidAlAdha',
    '2027-05-20 vesak', '2027-08-09 nationalDay', '2027-10-28 deepavali', '2027-12-25 christmas',
  ]),
  TH: days('TH', [
    '2026-01-01 newYear', '2026-03-03 makhaBucha', '2026-04-06 chakriDay', '2026-04-13 songkran', '2026-04-14 songkran', '2026-04-15 songkran', '2026-05-01 labourDay', '2026-06-01 vesak',
    '2026-07-28 kingsBirthdayTh', '2026-12-07 fathersDayTh', '2026-12-10 constitutionDayTh', '2026-12-31 newYearsEve',
    '2027-01-01 newYear', '2027-02-20 makhaBucha', '2027-04-06 chakriDay', '2027-04-13 songkran', '2027-04-14 songkran', '2027-04-15 songkran', '2027-05-01 labourDay', '2027-05-20 vesak',
    '2027-07-28 kingsBirthdayTh', '2027-12-06 fathersDayTh', '2027-12-10 constitutionDayTh', '2027-12-31 newYearsEve',
  ]),
};

/** The country's holiday on `date` (`YYYY-MM-DD`), if any. */
export function holidayOn(country: CountryCode, date: string): PublicHoliday | undefined {
  return PUBLIC_HOLIDAYS[country].find((holiday) => holiday.date === date);
}
