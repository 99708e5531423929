/**
 * Vocabulary of the benchmark's store directory: retail chains (one business account each), places
 * per prefecture with their readings, and address parts. The loader combines them in SQL, so these
 * tables stay small while the directory grows to 100,000 rows.
 */
import { STORE_TYPES, type StoreType } from '../../subgraphs/stores/reference/store-types.js';

/** A retail chain: display name, katakana reading, store type. */
export type Chain = readonly [name: string, kana: string, storeType: StoreType];

/** Chains by store type; every type of the vocabulary has at least one. */
export const CHAINS: readonly Chain[] = [
  ['さくらマート', 'サクラマート', 'supermarket'],
  ['フレッシュ大地', 'フレッシュダイチ', 'supermarket'],
  ['まるやす', 'マルヤス', 'supermarket'],
  ['ライフフーズ', 'ライフフーズ', 'supermarket'],
  ['デイリーストップ', 'デイリーストップ', 'convenience_store'],
  ['ハッピーマート', 'ハッピーマート', 'convenience_store'],
  ['あおぞら24', 'アオゾラニジュウヨン', 'convenience_store'],
  ['ひかりドラッグ', 'ヒカリドラッグ', 'drugstore'],
  ['くすりのミナト', 'クスリノミナト', 'drugstore'],
  ['健康堂薬局', 'ケンコウドウヤッキョク', 'drugstore'],
  ['丸越百貨店', 'マルコシヒャッカテン', 'department_store'],
  ['東急屋', 'トウキュウヤ', 'department_store'],
  ['麺処いっぽん', 'メンドコロイッポン', 'restaurant'],
  ['とんかつ銀座亭', 'トンカツギンザテイ', 'restaurant'],
  ['回転寿司まつり', 'カイテンズシマツリ', 'restaurant'],
  ['カフェ・ミドリ', 'カフェ ミドリ', 'cafe'],
  ['珈琲館こもれび', 'コーヒーカンコモレビ', 'cafe'],
  ['ミドリ ベーカリー', 'ミドリ ベーカリー', 'bakery'],
  ['パン工房むぎ', 'パンコウボウムギ', 'bakery'],
  ['ユニバース衣料', 'ユニバースイリョウ', 'apparel'],
  ['しまむら屋', 'シマムラヤ', 'apparel'],
  ['東西電機', 'トウザイデンキ', 'electronics'],
  ['ビックカメラマン', 'ビックカメラマン', 'electronics'],
  ['ホームセンター山田', 'ホームセンターヤマダ', 'home_center'],
  ['DIYプラザ', 'ディーアイワイプラザ', 'home_center'],
  ['紀伊國書店', 'キノクニショテン', 'bookstore'],
  ['本の森', 'ホンノモリ', 'bookstore'],
  ['100円ショップ ダイス', 'ヒャクエンショップ ダイス', 'other'],
  ['クリーニング白鳥', 'クリーニングハクチョウ', 'other'],
];

// [prefecture code, relative population weight, "kanji:kana" places]
type PlaceRow = readonly [code: string, weight: number, places: string];
const PLACE_ROWS: readonly PlaceRow[] = [
  ['01', 5, '札幌:サッポロ 旭川:アサヒカワ 函館:ハコダテ 小樽:オタル 帯広:オビヒロ'],
  ['02', 1, '青森:アオモリ 八戸:ハチノヘ 弘前:ヒロサキ'],
  ['03', 1, '盛岡:モリオカ 一関:イチノセキ 花巻:ハナマキ'],
  ['04', 2, '仙台:センダイ 石巻:イシノマキ 名取:ナトリ'],
  ['05', 1, '秋田:アキタ 横手:ヨコテ 大館:オオダテ'],
  ['06', 1, '山形:ヤマガタ 米沢:ヨネザワ 鶴岡:ツルオカ'],
  ['07', 2, '福島:フクシマ 郡山:コオリヤマ いわき:イワキ'],
  ['08', 3, '水戸:ミト つくば:ツクバ 日立:ヒタチ'],
  ['09', 2, '宇都宮:ウツノミヤ 小山:オヤマ 足利:アシカガ'],
  ['10', 2, '前橋:マエバシ 高崎:タカサキ 太田:オオタ'],
  ['11', 7, 'さいたま:サイタマ 川越:カワゴエ 川口:カワグチ 越谷:コシガヤ 所沢:トコロザワ 大宮:オオミヤ'],
  ['12', 6, '千葉:チバ 船橋:フナバシ 柏:カシワ 松戸:マツド 木更津:キサラヅ 市川:イチカワ'],
  [
    '13',
    14,
    '渋谷:シブヤ 新宿:シンジュク 池袋:イケブクロ 吉祥寺:キチジョウジ 銀座:ギンザ 上野:ウエノ 中野:ナカノ 秋葉原:アキハバラ 品川:シナガワ 目黒:メグロ 町田:マチダ 八王子:ハチオウジ 立川:タチカワ 錦糸町:キンシチョウ 赤羽:アカバネ 蒲田:カマタ 三軒茶屋:サンゲンヂャヤ 北千住:キタセンジュ',
  ],
  [
    '14',
    9,
    '横浜:ヨコハマ 川崎:カワサキ 藤沢:フジサワ 相模原:サガミハラ 鎌倉:カマクラ 横須賀:ヨコスカ 小田原:オダワラ',
  ],
  ['15', 2, '新潟:ニイガタ 長岡:ナガオカ 上越:ジョウエツ'],
  ['16', 1, '富山:トヤマ 高岡:タカオカ'],
  ['17', 1, '金沢:カナザワ 小松:コマツ'],
  ['18', 1, '福井:フクイ 敦賀:ツルガ'],
  ['19', 1, '甲府:コウフ 富士吉田:フジヨシダ'],
  ['20', 2, '長野:ナガノ 松本:マツモト 上田:ウエダ'],
  ['21', 2, '岐阜:ギフ 大垣:オオガキ 高山:タカヤマ'],
  ['22', 4, '静岡:シズオカ 浜松:ハママツ 沼津:ヌマヅ 富士:フジ'],
  ['23', 7, '名古屋:ナゴヤ 栄:サカエ 豊田:トヨタ 岡崎:オカザキ 一宮:イチノミヤ 豊橋:トヨハシ'],
  ['24', 2, '津:ツ 四日市:ヨッカイチ 伊勢:イセ'],
  ['25', 1, '大津:オオツ 草津:クサツ 彦根:ヒコネ'],
  ['26', 3, '京都:キョウト 四条:シジョウ 宇治:ウジ 祇園:ギオン'],
  ['27', 9, '梅田:ウメダ 難波:ナンバ 天王寺:テンノウジ 心斎橋:シンサイバシ 堺:サカイ 豊中:トヨナカ 枚方:ヒラカタ'],
  ['28', 5, '神戸:コウベ 三宮:サンノミヤ 姫路:ヒメジ 西宮:ニシノミヤ 尼崎:アマガサキ'],
  ['29', 1, '奈良:ナラ 橿原:カシハラ'],
  ['30', 1, '和歌山:ワカヤマ 田辺:タナベ'],
  ['31', 1, '鳥取:トットリ 米子:ヨナゴ'],
  ['32', 1, '松江:マツエ 出雲:イズモ'],
  ['33', 2, '岡山:オカヤマ 倉敷:クラシキ'],
  ['34', 3, '広島:ヒロシマ 福山:フクヤマ 呉:クレ'],
  ['35', 1, '山口:ヤマグチ 下関:シモノセキ'],
  ['36', 1, '徳島:トクシマ 鳴門:ナルト'],
  ['37', 1, '高松:タカマツ 丸亀:マルガメ'],
  ['38', 1, '松山:マツヤマ 今治:イマバリ'],
  ['39', 1, '高知:コウチ 四万十:シマント'],
  ['40', 5, '福岡:フクオカ 天神:テンジン 博多:ハカタ 北九州:キタキュウシュウ 久留米:クルメ'],
  ['41', 1, '佐賀:サガ 唐津:カラツ'],
  ['42', 1, '長崎:ナガサキ 佐世保:サセボ'],
  ['43', 2, '熊本:クマモト 八代:ヤツシロ'],
  ['44', 1, '大分:オオイタ 別府:ベップ'],
  ['45', 1, '宮崎:ミヤザキ 都城:ミヤコノジョウ'],
  ['46', 2, '鹿児島:カゴシマ 霧島:キリシマ'],
  ['47', 2, '那覇:ナハ 沖縄:オキナワ 浦添:ウラソエ'],
];

/** A place a store can be in: prefecture code, place name, its reading. */
export interface Place {
  readonly prefectureCode: string;
  readonly name: string;
  readonly kana: string;
}

/** Every place of every prefecture (all 47 appear). */
export const PLACES: readonly Place[] = PLACE_ROWS.flatMap(([prefectureCode, , places]) =>
  places.split(' ').map((entry) => {
    const [name = '', kana = ''] = entry.split(':');
    return { prefectureCode, name, kana };
  }),
);

/**
 * Indexes into {@link PLACES} repeated so that a uniform pick follows the prefectures' weights
 * (Tokyo about 14 times Tottori), spread evenly over each prefecture's places.
 */
export const PLACE_SLOTS: readonly number[] = PLACE_ROWS.flatMap(([code, weight]) => {
  const indexes = PLACES.flatMap((p, i) => (p.prefectureCode === code ? [i] : []));
  return Array.from({ length: weight * 12 }, (_, k) => indexes[k % indexes.length] ?? 0);
});

/** Branch suffixes after the place name, with readings ("" = the plain branch). */
export const BRANCHES: readonly (readonly [name: string, kana: string])[] = [
  ['', ''],
  ['', ''],
  ['駅前', 'エキマエ'],
  ['中央', 'チュウオウ'],
  ['北口', 'キタグチ'],
  ['南口', 'ミナミグチ'],
  ['東', 'ヒガシ'],
  ['西', 'ニシ'],
  ['本', 'ホン'],
];

/** Town names used in street addresses. */
export const TOWNS: readonly string[] = [
  '本町',
  '中央',
  '栄町',
  '駅前',
  '緑町',
  '旭町',
  '幸町',
  '東町',
  '西町',
  '南町',
  '北町',
  '新町',
  '元町',
  '大手町',
  '錦町',
  '宮前',
  '桜木町',
  '松原',
  '若葉',
  '泉町',
  '日吉町',
  '寿町',
  '末広町',
  '千代田',
];

/** Sanity check the loader relies on: every store type of the vocabulary has a chain. */
export function assertVocabulary(): void {
  const types = new Set(CHAINS.map(([, , type]) => type));
  const missing = STORE_TYPES.filter((t) => !types.has(t));
  if (missing.length > 0) throw new Error(`no chain for store types ${missing.join(', ')}`);
  if (new Set(PLACES.map((p) => p.prefectureCode)).size !== 47) throw new Error('every prefecture needs a place');
}
