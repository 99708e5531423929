/**
 * Reading OAuth requests at the transport: each form parameter at most once (RFC 6749 §3.2), client
 * credentials from HTTP Basic (form-urlencoded, then base64; RFC 6749 §2.3.1) or from the body, never
 * both, and a bearer token from its header.
 */
import { describe, expect, it } from 'vitest';
import { bearerToken, clientCredentials, formParams, isBasic, jsonFields } from './oauth-params.js';
import { RequestRejected } from './route.js';

const basic = (raw: string) => `Basic ${Buffer.from(raw, 'utf8').toString('base64')}`;

function rejection(run: () => unknown): { code: string; status: number; message: string } | 'accepted' {
  try {
    run();
    return 'accepted';
  } catch (error) {
    expect(error).toBeInstanceOf(RequestRejected);
    const { code, status, message } = error as RequestRejected;
    return { code, status, message };
  }
}

describe('formParams', () => {
  it('keeps parameters sent once and treats no body as no parameters', () => {
    expect(formParams({ grant_type: 'refresh_token', scope: '' })).toEqual({ grant_type: 'refresh_token', scope: '' });
    expect(formParams(undefined)).toEqual({});
    expect(formParams(null)).toEqual({});
  });

  it('refuses a repeated parameter with invalid_request naming it', () => {
    expect(rejection(() => formParams({ code: ['a', 'b'] }))).toEqual({
      code: 'invalid_request',
      status: 400,
      message: 'Parameter code must be sent once.',
    });
  });
});

describe('isBasic', () => {
  it.each([
    ['Basic abc', true],
    ['  basic abc', true],
    ['BASIC\tabc', true],
    ['Basicabc', false],
    ['x Basic abc', false],
    ['Bearer abc', false],
    ['', false],
    [undefined, false],
  ])('%j is Basic: %s', (header, expected) => expect(isBasic(header)).toBe(expected));
});

describe('clientCredentials', () => {
  it('reads client_secret_post from the body when there is no Basic header', () => {
    expect(clientCredentials(undefined, { client_id: 'id', client_secret: 's' })).toEqual({
      clientId: 'id',
      clientSecret: 's',
    });
    expect(clientCredentials('Bearer x', {})).toEqual({ clientId: undefined, clientSecret: undefined });
  });

  it('reads client_secret_basic, form-decoding both parts and splitting at the first colon', () => {
    expect(clientCredentials(basic('my%20app:se+cr%3Aet:x'), {})).toEqual({
      clientId: 'my app',
      clientSecret: 'se cr:et:x',
    });
    expect(clientCredentials(` basic  ${Buffer.from('a:').toString('base64')} `, { client_id: 'a' })).toEqual({
      clientId: 'a',
      clientSecret: '',
    });
  });

  it('accepts an empty client id before the colon (the secret check refuses it later)', () => {
    expect(clientCredentials(basic(':secret'), {})).toEqual({ clientId: '', clientSecret: 'secret' });
  });

  it('refuses two authentication methods at once', () => {
    expect(rejection(() => clientCredentials(basic('a:b'), { client_secret: 'b' }))).toEqual({
      code: 'invalid_request',
      status: 400,
      message: 'Use one client authentication method, not two.',
    });
  });

  it('refuses a body client_id that differs from the Basic one', () => {
    expect(rejection(() => clientCredentials(basic('a:b'), { client_id: 'other' }))).toEqual({
      code: 'invalid_request',
      status: 400,
      message: 'client_id differs from the authenticated client.',
    });
  });

  it.each([
    ['no colon', basic('nocolon')],
    ['not base64', 'Basic ***'],
    ['a bad percent escape', basic('%zz:secret')],
    ['a bad percent escape in the secret', basic('id:%E0%A4%A')],
  ])('answers malformed Basic credentials (%s) with 401 invalid_client', (_what, header) => {
    expect(rejection(() => clientCredentials(header, {}))).toEqual({
      code: 'invalid_client',
      status: 401,
      message: 'Malformed HTTP Basic credentials.',
    });
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def', 'abc.def'],
    [' bearer   abc ', 'abc'],
    ['Bearer a b', undefined],
    ['Bearer ', undefined],
    ['Basic abc', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j gives %j', (header, token) => expect(bearerToken(header)).toBe(token));
});

describe('jsonFields', () => {
  it('picks the named members that are present, of an object body only', () => {
    expect(jsonFields({ a: 1, b: null, c: 'x', d: undefined }, ['a', 'b', 'd', 'e'])).toStrictEqual({ a: 1, b: null });
    expect(jsonFields([1, 2], ['0'])).toEqual({});
    expect(jsonFields('text', ['length'])).toEqual({});
    expect(jsonFields(null, ['a'])).toEqual({});
  });
});
