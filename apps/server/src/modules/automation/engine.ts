import { scheduleStep, leadCallingLocation, type SequenceStep } from '@wholesail/domain';
import { withSystem, withTenant, type Tx } from '../../db/scope';
import { transactionExecutor } from '../../jobs/transaction-executor';
import type { JobQueue } from '../../jobs/queue';
import { AUTOMATION } from '../activity/actions';
import { auditRows, systemActor } from '../audit/audit';
import type { GateLead } from '../calls/gate';
import { readCalling } from '../calls/settings';
import { findLead, findLeads } from '../leads/repo';
import { SEQUENCE_ACTIONS } from './actions';
import { capMoves } from './caps';
import type { AutomationClock } from './routes';
import {
  claimRuns, dueRuns, interruptedRuns, loadRun, loadRuns, lockEnrolments, markRuns, stepKey, takeInterruptedRun, updateEnrolments, writeNextRuns,
  type EnrolmentChange, type NextRun, type QueuedRun, type RunContext, type RunMark, type StepJob,
} from './runs';
import { actingMembers } from './sender';
import { performStep, performTexts, type StepDeps, type StepOutcome, type StepRun } from './steps';

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
type Claimed = Omit<StepRun, 'now'> & { job: StepJob; context: RunContext; index: number };
/** A run's outcome to record. */
type Settlement = { job: StepJob; context: RunContext; lead: GateLead; outcome: StepOutcome };

const resultOf = (outcome: StepOutcome): StepResult => ({ result: outcome.state, ...(outcome.state === 'done' ? {} : { reason: outcome.reason }) });

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
        await this.settle(tx, job.organizationId, [{ job, context, lead, outcome: { state: 'skipped', reason: ENGINE_MESSAGES.interrupted } }], now);
        return 1;
      });
    }
    return settled;
  }

  /** One step job (tests, a single retry): runSteps with one job. */
  async runStep(job: StepJob): Promise<StepResult> {
    return (await this.runSteps([job]))[0]!;
  }

  /**
   * The step jobs' handler: a batch the queue hands over, answered in its order. Each organization's jobs are run
   * together: one transaction claims them (caps counted once), texts go out as one batch per acting member through
   * the same path as a member's, and one transaction records the outcomes and writes and queues the next steps.
   */
  async runSteps(jobs: readonly StepJob[]): Promise<StepResult[]> {
    const results: StepResult[] = new Array<StepResult>(jobs.length);
    const byOrganization = new Map<string, number[]>();
    jobs.forEach((job, i) => byOrganization.set(job.organizationId, [...(byOrganization.get(job.organizationId) ?? []), i]));
    for (const [organizationId, indexes] of byOrganization) {
      const answers = await this.runOrganizationSteps(organizationId, indexes.map((i) => jobs[i]!));
      indexes.forEach((i, k) => (results[i] = answers[k]!));
    }
    this.wake();
    return results;
  }

  private async runOrganizationSteps(organizationId: string, jobs: readonly StepJob[]): Promise<StepResult[]> {
    const now = this.clock();
    const results: StepResult[] = new Array<StepResult>(jobs.length);
    const claimed = await withTenant(this.deps.db, organizationId, (tx) => this.claim(tx, organizationId, jobs, now, results));
    if (claimed.length === 0) return results;
    const outcomes = await this.perform(claimed, now);
    await withTenant(this.deps.db, organizationId, (tx) =>
      this.settle(tx, organizationId, claimed.map((c, i) => ({ job: c.job, context: c.context, lead: c.lead, outcome: outcomes[i]! })), now));
    claimed.forEach((c, i) => (results[c.index] = resultOf(outcomes[i]!)));
    return results;
  }

  /**
   * Reads the runs and claims those due, or says why not (in `results`); a run whose lead or acting member is gone is
   * skipped, and a text over a daily cap or the per-number limit is moved to when it may go. Returns the runs to act on.
   */
  private async claim(tx: Tx, organizationId: string, jobs: readonly StepJob[], now: Date, results: StepResult[]): Promise<Claimed[]> {
    const contexts = await loadRuns(tx, organizationId, jobs);
    const live: Array<{ job: StepJob; context: RunContext; index: number }> = [];
    jobs.forEach((job, index) => {
      const context = contexts.get(stepKey(job));
      if (!context) results[index] = { result: 'not_found' };
      else if (context.state !== 'due' && context.state !== 'moved') results[index] = { result: 'already' };
      else if (!context.enrolmentActive) results[index] = { result: 'ended' };
      else if (context.at > now) results[index] = { result: 'not_yet' };
      else live.push({ job, context, index });
    });
    if (live.length === 0) return [];
    const leads = new Map<string, GateLead>((await findLeads(tx, organizationId, live.map((l) => l.context.leadId))).map((l) => [l.id, l]));
    const members = await actingMembers(tx, organizationId, live.map((l) => l.context.sequence.created_by));
    const texts = live.filter((l) => l.context.sequence.steps[l.job.stepIndex]!.kind === 'text' && leads.has(l.context.leadId));
    const moves = await capMoves(tx, organizationId, texts.map((l) => ({ sequence: l.context.sequence, lead: leads.get(l.context.leadId)! })), now);
    const moveOf = new Map(texts.map((l, i) => [l.index, moves[i]!]));
    const taken = await claimRuns(tx, organizationId, live.map((l) => l.context.runId), now);
    const settled: Settlement[] = [];
    const claimed: Claimed[] = [];
    for (const { job, context, index } of live) {
      if (!taken.has(context.runId)) {
        results[index] = { result: 'already' };
        continue;
      }
      const lead = leads.get(context.leadId);
      const member = members.get(context.sequence.created_by ?? '') ?? null;
      const skip = !lead ? ENGINE_MESSAGES.leadGone : !member ? ENGINE_MESSAGES.noMember : null;
      const move = moveOf.get(index);
      const outcome: StepOutcome | null = skip ? { state: 'skipped', reason: skip } : move ? { state: 'moved', ...move } : null;
      if (outcome) {
        settled.push({ job, context, lead: lead ?? { id: context.leadId }, outcome });
        results[index] = resultOf(outcome);
      } else {
        claimed.push({ job, context, index, lead: lead!, member: member!, step: context.sequence.steps[job.stepIndex]!, sequenceName: context.sequence.name });
      }
    }
    await this.settle(tx, organizationId, settled, now);
    return claimed;
  }

  /** Acts on the claimed runs: texts a batch per acting member, other steps one by one; a step that throws is skipped with the error. */
  private async perform(claimed: readonly Claimed[], now: Date): Promise<StepOutcome[]> {
    const outcomes: StepOutcome[] = new Array<StepOutcome>(claimed.length);
    const failed = (error: unknown): StepOutcome => ({ state: 'skipped', reason: ENGINE_MESSAGES.failed(error instanceof Error ? error.message : String(error)) });
    const texts = new Map<string, number[]>();
    for (const [i, run] of claimed.entries()) {
      if (run.step.kind === 'text') {
        texts.set(run.member.user.id, [...(texts.get(run.member.user.id) ?? []), i]);
        continue;
      }
      outcomes[i] = await performStep(this.deps, { ...run, now }).catch((error: unknown) => {
        this.deps.log.error({ err: error, ...run.job }, 'sequence step failed');
        return failed(error);
      });
    }
    for (const indexes of texts.values()) {
      const runs = indexes.map((i) => ({ ...claimed[i]!, now }));
      const answers = await performTexts(this.deps, runs[0]!.member, runs).catch((error: unknown) => {
        this.deps.log.error({ err: error, organizationId: runs[0]!.member.organizationId, steps: runs.length }, 'sequence texts failed');
        return runs.map(() => failed(error));
      });
      indexes.forEach((i, k) => (outcomes[i] = answers[k]!));
    }
    return outcomes;
  }

  /** Records the outcomes on the runs and the timelines, then writes and queues each next step's run, or completes the enrolment. */
  private async settle(tx: Tx, organizationId: string, settlements: readonly Settlement[], now: Date): Promise<void> {
    if (settlements.length === 0) return;
    const active = await lockEnrolments(tx, organizationId, settlements.map((s) => s.job.enrollmentId));
    const marks: RunMark[] = [];
    const entries: Parameters<typeof auditRows>[2][number][] = [];
    const changes: EnrolmentChange[] = [];
    const queued: QueuedRun[] = [];
    const next: Array<{ settlement: Settlement; step: SequenceStep }> = [];
    for (const settlement of settlements) {
      const { job, context, lead, outcome } = settlement;
      const step = context.sequence.steps[job.stepIndex]!;
      const details = { automation: AUTOMATION.sequences, sequence_id: context.sequence.id, sequence_name: context.sequence.name, step: job.stepIndex, kind: step.kind };
      const entry = (action: string, extra: Record<string, unknown> = {}) => entries.push({ action, target: { type: 'lead', id: lead.id }, details: { ...details, ...extra } });
      const isActive = active.has(job.enrollmentId);
      if (outcome.state === 'moved') {
        if (!isActive) {
          marks.push({ runId: context.runId, state: 'skipped', reason: ENGINE_MESSAGES.ended });
          continue;
        }
        marks.push({ runId: context.runId, state: 'moved', reason: outcome.reason, movedTo: outcome.at });
        changes.push({ enrollmentId: job.enrollmentId, nextDueAt: outcome.at });
        queued.push({ ...job, at: outcome.at });
        entry(SEQUENCE_ACTIONS.stepMoved, { reason: outcome.reason, moved_to: outcome.at.toISOString() });
        continue;
      }
      marks.push({ runId: context.runId, state: outcome.state, reason: outcome.state === 'skipped' ? outcome.reason : null });
      entry(outcome.state === 'done' ? SEQUENCE_ACTIONS.stepDone : SEQUENCE_ACTIONS.stepSkipped, outcome.state === 'skipped' ? { reason: outcome.reason } : {});
      if (!isActive) continue;
      const following = context.sequence.steps[job.stepIndex + 1];
      if (following) {
        next.push({ settlement, step: following });
        continue;
      }
      changes.push({ enrollmentId: job.enrollmentId, nextDueAt: null, currentStep: context.sequence.steps.length, completedAt: now });
      entry(SEQUENCE_ACTIONS.completed);
    }
    const runs: NextRun[] = [];
    if (next.length > 0) {
      const { enforceHours } = await readCalling(tx, organizationId);
      for (const { settlement: { job, lead }, step } of next) {
        const run = scheduleStep(now, step, leadCallingLocation(lead), enforceHours);
        const nextJob = { ...job, stepIndex: job.stepIndex + 1 };
        runs.push({ job: nextJob, kind: step.kind, ...run });
        changes.push({ enrollmentId: job.enrollmentId, nextDueAt: run.at, currentStep: nextJob.stepIndex });
        queued.push({ ...nextJob, at: run.at });
      }
    }
    await markRuns(tx, organizationId, marks, now);
    await writeNextRuns(tx, organizationId, runs);
    await updateEnrolments(tx, organizationId, changes);
    await auditRows(tx, systemActor(organizationId), entries);
    if (queued.length > 0) await this.queueRuns(tx, queued);
  }
}
