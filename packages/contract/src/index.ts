// @kept/contract: zod schemas of every API request and response, built on @kept/domain's rules so
// server routes and web forms validate with the same code and answer the same messages.
export * from './common.ts';
export * from './auth.ts';
export * from './account.ts';
export * from './projects.ts';
export * from './payments.ts';
export * from './boot.ts';
export * from './screens.ts';
export * from './transparency.ts';
export * from './commitments.ts';
export * from './forms.ts';
export * from './check-in-form.ts';
export * from './reminder-form.ts';
export * from './account-forms.ts';
export * from './username-rule.ts';
export * from './signup-form.ts';
export * from './signup-request.ts';
export * from './settings-forms.ts';
export * from './filter-query.ts';
export * from './reminders.ts';
export * from './supporters.ts';
export * from './money-history.ts';
export * from './data-export.ts';
export * from './push.ts';
