/*
 * Figures.tsx -- a service under a lock: requests a second, response time, how
 * busy the serial part is, and what each request cost in cache-line trips and wake-ups.
 */
import type { FiguresProps } from '../index.js';
import { formatCount, formatNs, formatPct } from '../../views/format.js';
import { Figure, FigureList } from '../../lab/figures/Figure.js';

const two = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '–');

/** A service under a lock: throughput, response, the serial part, and what each request cost. */
export default function ServiceFiguresList({ report }: FiguresProps) {
  const s = report?.service;
  const blocking = s && ['wake_all', 'wake_one', 'handoff'].includes(s.discipline);
  const messages = s && ['delegate', 'combine', 'partition'].includes(s.discipline);
  return (
    <FigureList>
      <Figure
        headline
        label="Requests"
        metric="service.requests_per_s"
        testId="fig-requests"
        raw={s?.requests_per_s ?? NaN}
        value={s ? `${formatCount(s.requests_per_s)}/s` : '–'}
        detail={s ? `mean response ${formatNs(s.mean_response_ns, 2)}` : 'measuring'}
      />
      <Figure
        label="Serial part busy"
        metric="service.serial_busy_pct"
        testId="fig-serial"
        raw={s?.serial_busy_pct ?? NaN}
        value={s && s.discipline !== 'partition' ? formatPct(s.serial_busy_pct) : '–'}
        detail={
          s?.discipline === 'delegate'
            ? 'the server CPU working'
            : s?.discipline === 'partition'
              ? 'no shared lock'
              : 'of the time the lock is held'
        }
      />
      <Figure
        label="Lock line moves a request"
        metric="service.lock_transfers_per_request"
        testId="fig-lock-transfers"
        raw={s?.lock_transfers_per_request ?? NaN}
        value={two(s?.lock_transfers_per_request ?? NaN)}
        detail={s ? `and ${two(s.state_transfers_per_request)} moves of the state's lines` : ''}
      />
      {blocking && (
        <Figure
          label="Futile wake-ups a request"
          metric="service.futile_wakeups_per_request"
          testId="fig-futile"
          raw={s.futile_wakeups_per_request}
          value={two(s.futile_wakeups_per_request)}
          detail={`${two(s.context_switches_per_request)} context switches a request`}
        />
      )}
      {messages && (
        <Figure
          label="Waiting for a reply"
          metric="service.reply_wait_pct"
          testId="fig-reply-wait"
          raw={s.reply_wait_pct}
          value={formatPct(s.reply_wait_pct)}
          detail={s.discipline === 'combine' ? `${two(s.combined_per_pass)} requests combined a pass` : 'of CPU time waiting for a reply'}
        />
      )}
    </FigureList>
  );
}
