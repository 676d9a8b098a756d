/**
 * The rates module's job (docs/payments.md "How prices are made"): the refresh of every configured provider.
 * graphile-worker's cron counts in minutes and RATE_REFRESH_SECONDS may be less, so the job schedules its own next run;
 * its job key keeps one pending refresh per store however many processes run jobs, and its queue runs one at a time.
 * It also runs once at start, and every minute as a safety net should a process die mid-refresh (preserve_run_at:
 * the cron line never delays a refresh already scheduled).
 */
import { z } from 'zod';
import { defineJob } from '../core/job-definition';
import { Metrics } from '../core/metrics';
import { RATES_REFRESH_QUEUE, RATES_REFRESH_TASK, RateService } from './rate.service';

export const ratesRefreshJob = defineJob({
  task: RATES_REFRESH_TASK,
  payload: z.object({}),
  schedule: {
    cron: '* * * * *',
    options: `?jobKey=${RATES_REFRESH_TASK}&jobKeyMode=preserve_run_at&queue=${RATES_REFRESH_QUEUE}`,
  },
  atStart: { jobKey: RATES_REFRESH_TASK, queue: RATES_REFRESH_QUEUE },
  run: async (_payload, { container }) => {
    const report = await container.get(RateService).refresh();
    const metrics = container.get(Metrics);
    for (const answer of report.observations) {
      metrics.rateAnswer(answer.provider, answer.error === null ? 'accepted' : 'refused');
    }
    return report;
  },
});
