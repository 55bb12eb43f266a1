import { z } from 'zod';

/** How long a prepared export can be downloaded (issue 22): then it is removed. */
export const EXPORT_TTL_HOURS = 48;
/** Exports a person may ask for in a day: each is a job that reads every one of their files. */
export const EXPORTS_PER_DAY = 3;

export const EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;

/** A person's export as the security page shows it. */
export const dataExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(EXPORT_STATUSES),
  createdAt: z.string(),
  /** Once ready: when the download stops working. */
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Once ready: where to download the zip (this person only; it carries the export's secret). */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
