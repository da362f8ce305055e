import pLimit, { type LimitFunction } from "p-limit";

/**
 * The service's upload slots (`SERVICE_UPLOAD_CONCURRENCY`, `..._PER_APP`), shared by everything
 * that uploads files of its own to an app's S3 (VODs, timeline segments): an upload runs when
 * both its app and the service have a free slot. The app's slot is taken first, so one app with
 * a long queue holds at most its own share of the global slots.
 */
export class UploadSlots {
  private readonly all: LimitFunction;
  private readonly perApp = new Map<string, LimitFunction>();

  constructor(
    concurrency: number,
    private readonly concurrencyPerApp: number,
  ) {
    this.all = pLimit(concurrency);
  }

  run<T>(app: string, upload: () => Promise<T>): Promise<T> {
    let own = this.perApp.get(app);
    if (!own) {
      own = pLimit(this.concurrencyPerApp);
      this.perApp.set(app, own);
    }
    const limit = own;
    return limit(() => this.all(upload)).finally(() => {
      if (limit.activeCount === 0 && limit.pendingCount === 0) this.perApp.delete(app);
    });
  }
}
