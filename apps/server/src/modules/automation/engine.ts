import { scheduleStep, leadCallingLocation } from '@wholesail/domain';
import { withSystem, withTenant, type Tx } from '../../db/scope';
import { transactionExecutor } from '../../jobs/transaction-executor';
import type { JobQueue } from '../../jobs/queue';
import { AUTOMATION } from '../activity/actions';
import { audit, systemActor } from '../audit/audit';
import type { GateLead } from '../calls/gate';
import { readCalling } from '../calls/settings';
import { findLead } from '../leads/repo';
import { SEQUENCE_ACTIONS } from './actions';
import { capMove } from './caps';
import type { AutomationClock } from './routes';
import { claimRun, dueRuns, interruptedRuns, loadRun, takeInterruptedRun, lockEnrolment, markRun, setEnrolment, stepKey, writeNextRun, type QueuedRun, type RunContext, type StepJob } from './runs';
import { actingMember } from './sender';
import { performStep, type StepDeps, type StepOutcome, type StepRun } from './steps';

/** The step jobs ('stately': one queued and one running per enrolment step) and the minute sweep. */
export const AUTOMATION_QUEUES = { step: 'automation.step', sweep: 'automation.sweep' } as const;

export const ENGINE_MESSAGES = {
  leadGone: 'The lead was deleted',
  noMember: 'No member of the organization to send as',
  ended: 'The lead left the sequence before this step ran',
  failed: (error: string) => `The step could not run: ${error}`,
  interrupted: 'The server stopped while this step ran; it is not run again, so nothing goes out twice',
} as const;

/** A run still 'running' this long after its claim was cut off (a job expires after 5 minutes; this is twice that). */
export const INTERRUPTED_AFTER_MS = 10 * 60_000;

/** Runs a sweep puts back on the queue at a time; more wait for the next minute. */
const SWEEP_LIMIT = 1_000;

export type StepResult = { result: 'not_found' | 'already' | 'ended' | 'not_yet' } | { result: StepOutcome['state']; reason?: string };
/** A claimed run, ready to act on. */
type Claimed = Omit<StepRun, 'now'> & { context: RunContext };

/**
 * The sequences' engine (docs/api-automation.md "Engine"): every step run is a job keyed by (enrolment, step),
 * queued for its time when its row is written; a job claims its row ('due'/'moved' → 'done') before acting, so a
 * retry, a restart or a second instance never runs a step twice. A crash between the claim and the outcome leaves
 * the run 'running'; the sweep settles it as skipped (rather than risk a second send) and the enrolment goes on. A
 * sweep each minute also queues what is due and not queued (a job lost with its instance, or run early by a clock
 * that is not the database's).
 */
export class AutomationEngine implements AutomationClock {
  /** The automation's clock: due times, the window, the caps (tests move it). */
  clock: () => Date = () => new Date();
  #queue: JobQueue | null = null;

  constructor(private readonly deps: StepDeps) {}

  attach(queue: JobQueue): void {
    this.#queue = queue;
  }

  private get queue(): JobQueue {
    if (!this.#queue) throw new Error('The job queue is not started');
    return this.#queue;
  }

  /** Queues step runs in the transaction that wrote them (they commit together); wake() after the commit. */
  async queueRuns(tx: Tx, runs: readonly QueuedRun[]): Promise<void> {
    await this.queue.insertWith(transactionExecutor(tx), AUTOMATION_QUEUES.step, runs.map(({ at, ...job }) => ({ data: job, key: stepKey(job), startAfter: at })));
  }

  wake(): void {
    this.#queue?.wake(AUTOMATION_QUEUES.step);
  }

  /** The sweep job: settles interrupted runs, then queues every run due by now whose job is not queued (a queued one is kept: same key). */
  async sweep(): Promise<{ queued: number; interrupted: number }> {
    const now = this.clock();
    const interrupted = await this.settleInterrupted(now);
    const runs = await withSystem(this.deps.db, async (tx) => {
      const due = await dueRuns(tx, now, SWEEP_LIMIT);
      await this.queue.insertWith(transactionExecutor(tx), AUTOMATION_QUEUES.step, due.map(({ at: _at, ...job }) => ({ data: job, key: stepKey(job) })));
      return due;
    });
    if (runs.length > 0 || interrupted > 0) this.wake();
    return { queued: runs.length, interrupted };
  }

  /** Each run cut off mid-step: skipped with the reason and the enrolment's next step written, in one transaction. */
  private async settleInterrupted(now: Date): Promise<number> {
    const claimedBefore = new Date(now.getTime() - INTERRUPTED_AFTER_MS);
    const jobs = await withSystem(this.deps.db, (tx) => interruptedRuns(tx, claimedBefore, SWEEP_LIMIT));
    let settled = 0;
    for (const job of jobs) {
      settled += await withTenant(this.deps.db, job.organizationId, async (tx) => {
        const context = await loadRun(tx, job);
        if (!context || !(await takeInterruptedRun(tx, job.organizationId, context.runId, claimedBefore))) return 0;
        const lead = (await findLead(tx, job.organizationId, context.leadId)) ?? { id: context.leadId };
        await this.settle(tx, job, context, lead, { state: 'skipped', reason: ENGINE_MESSAGES.interrupted }, now);
        return 1;
      });
    }
    return settled;
  }

  /** The step job's handler. */
  async runStep(job: StepJob): Promise<StepResult> {
    const now = this.clock();
    const claimed = await withTenant(this.deps.db, job.organizationId, (tx) => this.claim(tx, job, now));
    if ('result' in claimed) return claimed;
    let outcome: StepOutcome;
    try {
      outcome = await performStep(this.deps, { ...claimed, now });
    } catch (error) {
      this.deps.log.error({ err: error, ...job }, 'sequence step failed');
      outcome = { state: 'skipped', reason: ENGINE_MESSAGES.failed(error instanceof Error ? error.message : String(error)) };
    }
    await withTenant(this.deps.db, job.organizationId, (tx) => this.settle(tx, job, claimed.context, claimed.lead, outcome, now));
    this.wake();
    return { result: outcome.state, ...(outcome.state === 'done' ? {} : { reason: outcome.reason }) };
  }

  /** Reads the run and claims it, or says why not; a text over a daily cap is moved to the next day instead. */
  private async claim(tx: Tx, job: StepJob, now: Date): Promise<StepResult | Claimed> {
    const context = await loadRun(tx, job);
    if (!context) return { result: 'not_found' as const };
    if (context.state !== 'due' && context.state !== 'moved') return { result: 'already' as const };
    if (!context.enrolmentActive) return { result: 'ended' as const };
    if (context.at > now) return { result: 'not_yet' as const };
    const step = context.sequence.steps[job.stepIndex]!;
    const lead = await findLead(tx, job.organizationId, context.leadId);
    const member = await actingMember(tx, job.organizationId, context.sequence.created_by);
    const skip = !lead ? ENGINE_MESSAGES.leadGone : !member ? ENGINE_MESSAGES.noMember : null;
    if (skip || !lead || !member) {
      if (!(await claimRun(tx, job.organizationId, context.runId, now))) return { result: 'already' as const };
      await this.settle(tx, job, context, lead ?? { id: context.leadId }, { state: 'skipped', reason: skip! }, now);
      return { result: 'skipped' as const, reason: skip! };
    }
    if (step.kind === 'text') {
      const capped = await capMove(tx, job.organizationId, context.sequence, lead, now);
      if (capped) {
        await this.settle(tx, job, context, lead, { state: 'moved', ...capped }, now);
        return { result: 'moved' as const, reason: capped.reason };
      }
    }
    if (!(await claimRun(tx, job.organizationId, context.runId, now))) return { result: 'already' as const };
    return { context, lead, member, step, sequenceName: context.sequence.name };
  }

  /** Records the outcome on the run and the timeline, then writes and queues the next step's run, or completes the enrolment. */
  private async settle(tx: Tx, job: StepJob, context: RunContext, lead: GateLead, outcome: StepOutcome, now: Date): Promise<void> {
    const active = await lockEnrolment(tx, job.organizationId, job.enrollmentId);
    const step = context.sequence.steps[job.stepIndex]!;
    const details = { automation: AUTOMATION.sequences, sequence_id: context.sequence.id, sequence_name: context.sequence.name, step: job.stepIndex, kind: step.kind };
    const entry = (action: string, extra: Record<string, unknown> = {}) => audit(tx, systemActor(job.organizationId), action, { type: 'lead', id: lead.id }, { ...details, ...extra });
    if (outcome.state === 'moved') {
      if (!active) return markRun(tx, job.organizationId, context.runId, { state: 'skipped', reason: ENGINE_MESSAGES.ended, now });
      await markRun(tx, job.organizationId, context.runId, { state: 'moved', reason: outcome.reason, movedTo: outcome.at, now });
      await setEnrolment(tx, job, { next_due_at: outcome.at });
      await this.queueRuns(tx, [{ ...job, at: outcome.at }]);
      return entry(SEQUENCE_ACTIONS.stepMoved, { reason: outcome.reason, moved_to: outcome.at.toISOString() });
    }
    await markRun(tx, job.organizationId, context.runId, { state: outcome.state, reason: outcome.state === 'skipped' ? outcome.reason : null, now });
    await entry(outcome.state === 'done' ? SEQUENCE_ACTIONS.stepDone : SEQUENCE_ACTIONS.stepSkipped, outcome.state === 'skipped' ? { reason: outcome.reason } : {});
    if (!active) return;
    const nextIndex = job.stepIndex + 1;
    const next = context.sequence.steps[nextIndex];
    if (!next) {
      await setEnrolment(tx, job, { status: 'completed', ended_at: now, current_step: context.sequence.steps.length, next_due_at: null });
      return entry(SEQUENCE_ACTIONS.completed);
    }
    const { enforceHours } = await readCalling(tx, job.organizationId);
    const run = scheduleStep(now, next, leadCallingLocation(lead), enforceHours);
    const nextJob = { ...job, stepIndex: nextIndex };
    await writeNextRun(tx, nextJob, { kind: next.kind, ...run });
    await this.queueRuns(tx, [{ ...nextJob, at: run.at }]);
  }
}
