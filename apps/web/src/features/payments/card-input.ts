// Formatting of the simulated card form's fields as the payer types. The server checks them.

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Expiry as 'MM / YY': '1', '12', '12 / 3', '12 / 34'. A leading digit above 1 is a month on its own
 * ('4' → '04 / '). Deleting through the separator works: '12 / ' minus one character is '12'.
 */
export function formatExpiry(input: string, previous = ''): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  const deleting = input.length < previous.length;
  if (digits.length === 1 && Number(digits) > 1 && !deleting) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** At most 4 digits. */
export function formatCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}
