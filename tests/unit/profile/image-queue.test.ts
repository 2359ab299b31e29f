import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/core/http/app-error';
import { createImageQueue, type ImageQueueOptions } from '../../../server/profile/image-queue';

/** Lets every pending callback run: a macrotask comes after all queued microtasks. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A queue whose tasks end when the test says; it records which started and how many ran at once. */
function harness(options: ImageQueueOptions) {
  const queue = createImageQueue(options);
  const started: string[] = [];
  const ends = new Map<string, { finish(): void; fail(error: Error): void }>();
  let running = 0;
  let peak = 0;
  const submit = (name: string) =>
    queue.run(
      () =>
        new Promise<string>((resolve, reject) => {
          started.push(name);
          running += 1;
          peak = Math.max(peak, running);
          const end = () => (running -= 1);
          ends.set(name, { finish: () => (end(), resolve(name)), fail: (error) => (end(), reject(error)) });
        }),
    );
  const end = (name: string) => {
    const task = ends.get(name);
    if (!task) throw new Error(`${name} has not started`);
    return task;
  };
  return {
    queue,
    started,
    peak: () => peak,
    submit,
    async finish(name: string) {
      end(name).finish();
      await settle();
    },
    async fail(name: string, error: Error) {
      end(name).fail(error);
      await settle();
    },
  };
}

describe('image queue', () => {
  it('when more tasks than slots are submitted, then never more than the slots run at once and waiting ones start in the order they came', async () => {
    const h = harness({ running: 2, waiting: 10 });
    const results = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => h.submit(name));
    await settle();
    expect(h.started).toEqual(['a', 'b']);

    await h.finish('b');
    expect(h.started).toEqual(['a', 'b', 'c']);
    await h.finish('a');
    expect(h.started).toEqual(['a', 'b', 'c', 'd']);
    await h.finish('d');
    await h.finish('c');
    expect(h.started).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    await h.finish('f');
    await h.finish('e');

    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(h.peak()).toBe(2);
  });

  it('when every slot is taken and the line is full, then the next task is refused with a 503 busy error carrying Retry-After and never runs, and there is room again once one ends', async () => {
    const h = harness({ running: 1, waiting: 2, retryAfterSeconds: 5 });
    const accepted = ['a', 'b', 'c'].map((name) => h.submit(name));
    await settle();

    const refused = await h.submit('d').catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: 'busy', retryAfterSeconds: 5, message: expect.stringMatching(/try again in a few seconds/i) });
    expect(() => h.queue.reserve()).toThrow(AppError);
    await h.finish('a');
    h.queue.reserve().release();
    const late = h.submit('e');
    for (const name of ['b', 'c', 'e']) await h.finish(name);
    expect(await Promise.all([...accepted, late])).toEqual(['a', 'b', 'c', 'e']);
    expect(h.started).toEqual(['a', 'b', 'c', 'e']);
  });

  it('when places are held for images still arriving, then they count as taken: a newcomer is refused, and the holders run on their places', async () => {
    const h = harness({ running: 1, waiting: 1 });
    const first = h.queue.reserve();
    const second = h.queue.reserve();

    expect(() => h.queue.reserve()).toThrow(AppError);
    expect(await h.submit('newcomer').catch((error: unknown) => error)).toMatchObject({ status: 503, code: 'busy' });

    const ran = [h.queue.run(async () => 'a', first), h.queue.run(async () => 'b', second)];
    expect(await Promise.all(ran)).toEqual(['a', 'b']);
    expect(h.started).toEqual([]);
    h.queue.reserve().release();
  });

  it('when a held place is released before its image runs, then the place is free again, and a second release or a later run on it takes no one else’s place', async () => {
    const h = harness({ running: 1, waiting: 0 });
    const place = h.queue.reserve();
    expect(() => h.queue.reserve()).toThrow(AppError);

    place.release();
    place.release();

    const other = h.queue.reserve();
    expect(await h.queue.run(async () => 'late', place).catch((error: unknown) => error)).toMatchObject({ status: 503, code: 'busy' });
    other.release();
    expect(await h.queue.run(async () => 'late', place)).toBe('late');
  });

  it('when a running task fails, then its caller gets the error and the first one waiting takes the slot', async () => {
    const h = harness({ running: 1, waiting: 1 });
    const failed = h.submit('a').catch((error: unknown) => error);
    const next = h.submit('b');
    await settle();
    expect(h.started).toEqual(['a']);

    await h.fail('a', new Error('corrupt image'));

    expect(await failed).toEqual(new Error('corrupt image'));
    expect(h.started).toEqual(['a', 'b']);
    await h.finish('b');
    expect(await next).toBe('b');
    expect(h.peak()).toBe(1);
  });
});
