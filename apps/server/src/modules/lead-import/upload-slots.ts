import { tooManyRequests } from '../../http/errors';

/** How long a refused uploader is asked to wait: about the time a large file takes to arrive. */
export const UPLOAD_RETRY_AFTER_SECONDS = 10;

/**
 * Bounds the uploads this process receives at once, per organization and in all, so a burst of large files
 * cannot take its memory, disk bandwidth or connections from everyone else. Beyond either bound: 429 with
 * Retry-After, before the body is read.
 */
export class UploadSlots {
  private total = 0;
  private readonly byOrg = new Map<string, number>();

  constructor(private readonly perOrg: number, private readonly perServer: number) {}

  /** Takes a slot for the organization, or throws the 429; the returned function gives it back (once). */
  take(organizationId: string): () => void {
    const own = this.byOrg.get(organizationId) ?? 0;
    if (own >= this.perOrg) {
      throw tooManyRequests(
        `Your organization already has ${own} ${own === 1 ? 'upload' : 'uploads'} in progress (at most ${this.perOrg} at a time). Try again in a few seconds, when one has finished.`,
        'TOO_MANY_UPLOADS',
        UPLOAD_RETRY_AFTER_SECONDS,
      );
    }
    if (this.total >= this.perServer) {
      throw tooManyRequests('The server is receiving as many uploads as it takes at once. Try again in a few seconds.', 'SERVER_BUSY', UPLOAD_RETRY_AFTER_SECONDS);
    }
    this.total++;
    this.byOrg.set(organizationId, own + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.total--;
      const left = (this.byOrg.get(organizationId) ?? 1) - 1;
      if (left === 0) this.byOrg.delete(organizationId);
      else this.byOrg.set(organizationId, left);
    };
  }
}
