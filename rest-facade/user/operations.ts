/** GraphQL documents of the consumer account and device routes. Aliases give the REST names. */
import type { Operation } from '../kernel/route.js';

export const ChangePassword: Operation = {
  name: 'ChangePassword',
  document: `mutation ChangePassword($input: ChangePasswordInput!) {
  changePassword(input: $input) { changed changedAt otherSessionsRevoked }
}`,
};

export const DeleteAccount: Operation = {
  name: 'DeleteAccount',
  document: `mutation DeleteAccount($input: DeleteAccountInput!) {
  deleteAccount(input: $input) {
    deleted userId deletedAt erasedFields devicesRemoved sessionsEnded grantsRevoked retained
  }
}`,
};

export const RegisterDevice: Operation = {
  name: 'RegisterDevice',
  document: `mutation RegisterDevice($input: RegisterDeviceInput!) {
  registerDevice(input: $input) {
    created
    device { deviceId platform name lastSeenAt createdAt }
  }
}`,
};

export const RemoveDevice: Operation = {
  name: 'RemoveDevice',
  document: `mutation RemoveDevice($deviceId: String!) {
  removeDevice(deviceId: $deviceId)
}`,
};

const BUDGET_FIELDS = 'year month amount currency source setFor { year month } updatedAt';

export const MyBudget: Operation = {
  name: 'MyBudget',
  document: `query MyBudget($year: Int, $month: Int) {
  myBudget(year: $year, month: $month) { ${BUDGET_FIELDS} }
}`,
};

export const SetMyBudget: Operation = {
  name: 'SetMyBudget',
  document: `mutation SetMyBudget($input: BudgetInput!) {
  setMyBudget(input: $input) { ${BUDGET_FIELDS} }
}`,
};
