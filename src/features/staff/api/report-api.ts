import { reportSchema } from "@contract/report";
import { api } from "@/lib/api-client";

export const reportKeys = {
  range: (from: string, to: string) => ["staff-report", from, to] as const,
};

/** GET /staff/report: every trailer the account runs, for the days from..to (UK time). */
export const staffReportQuery = (from: string, to: string) => ({
  queryKey: reportKeys.range(from, to),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(`/staff/report?from=${from}&to=${to}`, reportSchema, { signal }),
  staleTime: 30_000,
  refetchInterval: 60_000,
});
