/**
 * Google Wallet save links: `https://pay.google.com/gp/v/save/<jwt>`, the JWT signed RS256 with the
 * issuer's service-account key and carrying the shop's loyalty class and the customer's loyalty object
 * (Google Wallet API `Jwt`: iss, aud `google`, typ `savetowallet`, iat, origins, payload).
 */
import { SignJWT } from 'jose';
import type { Customer } from '../customer/customer.entity.js';
import type { WalletShop } from '../customer/customer-access.js';
import type { GoogleMaterial } from './google-material.js';
import { loyaltyClass, loyaltyObject } from './google-pass.js';

export const GOOGLE_SAVE_URL_PREFIX = 'https://pay.google.com/gp/v/save/';

/** The signed save-to-wallet JWT of `customer`'s card with serial `serialNumber`. */
export async function signSaveJwt(
  material: GoogleMaterial,
  shop: WalletShop,
  customer: Pick<Customer, 'memberNumber' | 'points' | 'rankCode'>,
  serialNumber: string,
  now: Date = new Date(),
): Promise<string> {
  return new SignJWT({
    typ: 'savetowallet',
    origins: [],
    payload: {
      loyaltyClasses: [loyaltyClass(material.issuerId, shop)],
      loyaltyObjects: [loyaltyObject(material.issuerId, shop, customer, serialNumber)],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(material.privateKeyId ? { kid: material.privateKeyId } : {}) })
    .setIssuer(material.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(material.privateKey);
}

/** The save link of a signed JWT. */
export const saveUrlOf = (jwt: string) => `${GOOGLE_SAVE_URL_PREFIX}${jwt}`;
