// One upload or removal at a time per stored file, so a removal never deletes bytes that an
// upload of the same content is about to refer to.
const locks = new Map<string, Promise<unknown>>();
export async function withKeyLock<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = locks.get(key) ?? Promise.resolve();
  const mine = before.then(run, run);
  const settled = mine.catch(() => undefined);
  locks.set(key, settled);
  try {
    return await mine;
  } finally {
    if (locks.get(key) === settled) locks.delete(key);
  }
}
