/** GraphQL documents of the check-in rows. Aliases give the REST field names. */
import type { Operation } from '../kernel/route.js';

const CHECK_IN = `checkInId: id checkedInAt localDate
      campaign { campaignId: id name }
      store { storeId: id name }`;

export const RecordCheckIn: Operation = {
  name: 'RecordCheckIn',
  document: `mutation RecordCheckIn($token: String!) {
  recordCheckIn(token: $token) { status reason checkIn { ${CHECK_IN} } }
}`,
};

export const CheckInCampaignPreview: Operation = {
  name: 'CheckInCampaignPreview',
  document: `query CheckInCampaignPreview($token: String!) {
  checkInCampaignPreview(token: $token) { status name description startsAt endsAt store { storeId: id name } }
}`,
};

export const MyCheckIns: Operation = {
  name: 'MyCheckIns',
  document: `query MyCheckIns($limit: Int) {
  myCheckIns(limit: $limit) { ${CHECK_IN} }
}`,
};
