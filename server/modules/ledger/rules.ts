// What a data rule of 账户管理 may name (issue 13 §3): columns of a customer account and of its
// customer. The account list (accountList.ts, Drizzle) and the account look-ups (accounts.ts, the
// ledger's hand-written statements) read accounts as `a` joined to customers as `cu`, so the rule
// columns are of those aliases and one rule reads the same in both.
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LEDGER_PERMS } from '../../../contract/api/ledger';
import type { Db } from '../../db/client';
import { accounts, customers, users } from '../../db/schema';
import type { AuthContext } from '../../http/guard';
import { dataRuleResource, dataScopeOf, menuOfPermission, ruleExpression, type DataScope } from '../rbac/dataScope';

export const acctA = alias(accounts, 'a');
export const acctCu = alias(customers, 'cu');

export const ACCOUNT_RULES = dataRuleResource(menuOfPermission(LEDGER_PERMS.accountInquiry), {
  acctNo: acctA.accountNo,
  acctType: acctA.accountType,
  acctName: acctA.accountName,
  status: acctA.status,
  cusCode: acctCu.cusCode,
  cusName: acctCu.cusName,
  cusType: acctCu.cusType,
  /** The user code of who opened the account (#{sys_user_code}). */
  createBy: ruleExpression(sql`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${acctA.createdBy})`, 'string'),
});

/** The narrowing of the user's reads of accounts, or null. */
export const accountScopeOf = (db: Db, auth: AuthContext): Promise<DataScope | null> => dataScopeOf(db, auth, ACCOUNT_RULES);
