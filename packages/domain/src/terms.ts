// What a person agrees to before a deposit: the version of the terms and the words that ask for it. A
// module of its own (not commitment.ts): a form that sends the version need not carry the commitment's
// arithmetic.

/**
 * The version of the terms a person agrees to before a deposit. The server stores it with the payment;
 * change it whenever the wording of the commitment or the rules behind it change.
 */
export const TERMS_VERSION = '2026-11-25';

export const CONSENT_MESSAGE = 'Please read the commitment and tick “I agree” before paying.';
