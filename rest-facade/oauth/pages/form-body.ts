/**
 * The form bodies of the authorization pages' POSTs: `application/x-www-form-urlencoded`, UTF-8 (or
 * the ISO-8859-1 of old browsers), uncompressed, at most 16 KB. A body that fails is answered 413,
 * 415 or 400 as a page in the page's language, with the pages' security headers, never a 500.
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { classifyBodyError, type BodyError } from '../../../subgraphs/kernel/http/body-errors.js';
import { negotiateLocale, type Locale } from './messages.js';
import { fail, type PageContext } from './router.js';

/** Ample for an email, a password, a form token and a choice; a sign-in form is far smaller. */
const FORM_BODY_LIMIT = '16kb';

const TEXTS: Readonly<Record<Locale, Readonly<Record<BodyError['reason'], string>>>> = {
  ja: {
    body_too_large: '送信された内容が大きすぎます。入力を短くしてもう一度お試しください。',
    unsupported_media_type:
      'この送信形式（文字コードまたは圧縮）には対応していません。UTF-8 で圧縮せずに送信してください。',
    malformed_body: 'フォームの内容を読み取れませんでした。ページを再読み込みしてもう一度お試しください。',
    bad_request: 'フォームの内容を読み取れませんでした。ページを再読み込みしてもう一度お試しください。',
  },
  en: {
    body_too_large: 'What was sent is too large. Shorten what you entered and try again.',
    unsupported_media_type:
      'This form encoding (charset or compression) is not supported. Send it as uncompressed UTF-8.',
    malformed_body: 'The form could not be read. Reload the page and try again.',
    bad_request: 'The form could not be read. Reload the page and try again.',
  },
};

/** The parser of every page POST. No `Content-Encoding` is accepted (browsers never compress forms). */
export function formBody(): RequestHandler {
  return express.urlencoded({
    extended: false,
    limit: FORM_BODY_LIMIT,
    type: 'application/x-www-form-urlencoded',
    inflate: false,
  });
}

/** Answers a form body the parser refused; anything else goes on to the router's last handler. */
export function formBodyErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const failure = classifyBodyError(error);
  if (!failure || res.headersSent) {
    next(error);
    return;
  }
  const locale = negotiateLocale(req.headers['accept-language']);
  res.setHeader('Content-Language', locale);
  res.setHeader('Vary', 'Accept-Language, Accept, Cookie');
  // The refusal needs no operation: only what fail() reads of a page context.
  const c = { req, res, locale } as PageContext;
  fail(c, { status: failure.status, code: failure.reason, detail: TEXTS[locale][failure.reason] });
}
