/** The wording of the counter cards, in the languages they are printed in (ja or en). */

/** Languages of a card; the first is the default. */
export const CARD_LANGUAGES = ['ja', 'en'] as const;
export type CardLanguage = (typeof CARD_LANGUAGES)[number];

/** What a card's code leads to: a terminal's latest receipt, or one transaction's receipt. */
export type CardSubject = 'terminal' | 'claimToken';

export interface CardText {
  /** The heading when the store's name may not be shown to this caller. */
  readonly fallbackTitle: string;
  readonly instructions: Readonly<Record<CardSubject, string>>;
  /** The label of the reference printed under the code (the terminal id, or a short token reference). */
  readonly referenceLabel: Readonly<Record<CardSubject, string>>;
  /** BCP 47 tag of the document. */
  readonly languageTag: string;
}

export const CARD_TEXT: Readonly<Record<CardLanguage, CardText>> = {
  ja: {
    fallbackTitle: 'デジタルレシート',
    instructions: {
      terminal: 'スマートフォンのカメラでQRコードを読み取ると、このレジのレシートを受け取れます。',
      claimToken: 'スマートフォンのカメラでQRコードを読み取ると、このお買い物のレシートを受け取れます。',
    },
    referenceLabel: { terminal: '端末ID', claimToken: '受付番号' },
    languageTag: 'ja-JP',
  },
  en: {
    fallbackTitle: 'Digital receipt',
    instructions: {
      terminal: 'Scan the QR code with your phone camera to get your receipt from this register.',
      claimToken: 'Scan the QR code with your phone camera to get the receipt of this purchase.',
    },
    referenceLabel: { terminal: 'Terminal ID', claimToken: 'Reference' },
    languageTag: 'en',
  },
};

/** Whether `value` is a card language. */
export function isCardLanguage(value: string): value is CardLanguage {
  return (CARD_LANGUAGES as readonly string[]).includes(value);
}
