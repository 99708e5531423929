/** GraphQL documents of the Apple Wallet rows: the pass (mobile-a) and the pass web service. */
import type { Operation } from '../kernel/route.js';

const FILE = 'contentType base64 filename lastModified';
const PASS = '$passTypeIdentifier: String!, $serialNumber: String!, $authorization: String';
const PASS_ARGS = 'passTypeIdentifier: $passTypeIdentifier, serialNumber: $serialNumber, authorization: $authorization';

export const AppleWalletPass: Operation = {
  name: 'AppleWalletPass',
  document: `query AppleWalletPass($shopId: String!, $customerId: ID!) {
  appleWalletPass(shopId: $shopId, customerId: $customerId) { ${FILE} }
}`,
};

export const AppleWalletLatestPass: Operation = {
  name: 'AppleWalletLatestPass',
  document: `query AppleWalletLatestPass(${PASS}) {
  appleWalletLatestPass(${PASS_ARGS}) { ${FILE} }
}`,
};

export const AppleWalletUpdatedSerials: Operation = {
  name: 'AppleWalletUpdatedSerials',
  document: `query AppleWalletUpdatedSerials($deviceLibraryIdentifier: String!, $passTypeIdentifier: String!, $passesUpdatedSince: String) {
  appleWalletUpdatedSerials(deviceLibraryIdentifier: $deviceLibraryIdentifier, passTypeIdentifier: $passTypeIdentifier, passesUpdatedSince: $passesUpdatedSince) { serialNumbers lastUpdated }
}`,
};

export const AppleWalletRegisterDevice: Operation = {
  name: 'AppleWalletRegisterDevice',
  document: `mutation AppleWalletRegisterDevice($deviceLibraryIdentifier: String!, ${PASS}, $pushToken: String!) {
  appleWalletRegisterDevice(deviceLibraryIdentifier: $deviceLibraryIdentifier, ${PASS_ARGS}, pushToken: $pushToken) { created }
}`,
};

export const AppleWalletUnregisterDevice: Operation = {
  name: 'AppleWalletUnregisterDevice',
  document: `mutation AppleWalletUnregisterDevice($deviceLibraryIdentifier: String!, ${PASS}) {
  appleWalletUnregisterDevice(deviceLibraryIdentifier: $deviceLibraryIdentifier, ${PASS_ARGS})
}`,
};

export const AppleWalletLog: Operation = {
  name: 'AppleWalletLog',
  document: `mutation AppleWalletLog($logs: [String!]!) {
  appleWalletLog(logs: $logs)
}`,
};
