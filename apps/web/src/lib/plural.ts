/** '1 check-in', '3 check-ins': a count with the word that fits it. */
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
