// Independent steps of a use case, run at the same time: a request then waits for pooled connections
// once instead of once per step, while its outcome stays the one the steps' order gives (the first step,
// in the order given, that failed decides the error; every step runs to its end either way).
export async function allInOrder<T extends readonly unknown[]>(
  ...steps: { [K in keyof T]: Promise<T[K]> }
): Promise<T> {
  const settled = await Promise.allSettled(steps);
  const values: unknown[] = [];
  for (const step of settled) {
    if (step.status === 'rejected') throw step.reason;
    values.push(step.value);
  }
  return values as unknown as T;
}
