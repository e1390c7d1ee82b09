// Issue 52, point 8: the queues in front of the sandbox's workers. One company's backlog delays
// another company's next run by one run at most, a company asking one run at a time is not
// starved by another's backlog (nor starves it), and with several workers a company never holds
// them all. Each case drives the queue as the sandbox does: runs pushed, taken onto a worker,
// finished.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FairQueue } from '../../pricing/fair-queue.ts';

/** Takes the next run onto a worker and says whose it is ('' when none may start). */
const next = (queue: FairQueue<string>) => queue.take()?.item ?? '';

describe('issue 52: the sandbox queues, a company each, served in turn', () => {
  it('one worker: a backlog of 30 runs of company A delays B’s run by the one in progress only', () => {
    const queue = new FairQueue<string>(1);
    for (let run = 1; run <= 30; run += 1) queue.push('A', `A${run}`);
    assert.equal(next(queue), 'A1');
    queue.push('B', 'B1');
    // The worker is A1's until it ends; then:
    queue.finished('A');
    assert.equal(next(queue), 'B1', 'B runs next, before A’s 29 others');
    queue.finished('B');
    assert.equal(next(queue), 'A2');
  });

  it('one worker: a company asking one run at a time alternates with another’s backlog', () => {
    const queue = new FairQueue<string>(1);
    for (let run = 1; run <= 10; run += 1) queue.push('A', `A${run}`);
    const order: string[] = [];
    let b = 0;
    queue.push('B', `B${++b}`);
    for (let step = 0; step < 8; step += 1) {
      const taken = queue.take()!;
      order.push(taken.item);
      queue.finished(taken.tenant);
      // B sends its next run as soon as its last one answered.
      if (taken.tenant === 'B') queue.push('B', `B${++b}`);
    }
    assert.deepEqual(order, ['A1', 'B1', 'A2', 'B2', 'A3', 'B3', 'A4', 'B4']);
  });

  it('three tenants with backlogs take turns, each in its order', () => {
    const queue = new FairQueue<string>(1);
    for (const tenant of ['A', 'B', 'public']) for (let run = 1; run <= 3; run += 1) queue.push(tenant, `${tenant}${run}`);
    const order: string[] = [];
    for (let taken = queue.take(); taken; taken = queue.take()) {
      order.push(taken.item);
      queue.finished(taken.tenant);
    }
    assert.deepEqual(order, ['A1', 'B1', 'public1', 'A2', 'B2', 'public2', 'A3', 'B3', 'public3']);
  });

  it('two workers: a company holds one, the other stays for the next company; a run taken out or drained never starts', () => {
    const queue = new FairQueue<string>(1);
    for (let run = 1; run <= 5; run += 1) queue.push('A', `A${run}`);
    assert.equal(next(queue), 'A1');
    assert.equal(next(queue), '', 'A may not take the second worker');
    queue.push('B', 'B1');
    queue.push('B', 'B2');
    assert.equal(next(queue), 'B1');
    assert.equal(queue.remove('B', 'B2'), true, 'B2 waited too long');
    assert.deepEqual(queue.drain('A'), ['A2', 'A3', 'A4', 'A5'], 'A’s budget is spent');
    queue.finished('A');
    queue.finished('B');
    assert.equal(next(queue), '');
    assert.equal(queue.waiting('A'), 0);
  });
});
