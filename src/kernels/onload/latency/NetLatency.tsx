/*
 * NetLatency.tsx -- where a ping-pong's one-way trip spends its time: a horizontal
 * stacked bar of report.net.breakdown_ns (send, wire, notify, stack, wake, receive),
 * the wire marked as hardware and the rest as the stack's software overhead; a second
 * run (the other stack) as a second bar on the same scale; below, one packet travelling
 * the seven places of the trip, each stage lasting in proportion to its measured time
 * (a whole trip takes 2.5 s of wall time); under reduced motion the stages stand still
 * with their times written on them.
 */
import type { Report } from '../../../core/report.js';
import type { Snapshot } from '../../../core/snapshot.js';
import { textOn } from '../../../views/color.js';
import { fitFontSize, formatCount, wrapBoldWords, wrapWords } from '../../../views/format.js';
import { usePrefersReducedMotion } from '../../../views/motion.js';
import { useWallClock } from '../../../views/common/clock.js';
import { leastWordSize, themeTokens, type Theme, type ThemeTokens } from '../../../views/palette.js';
import { innerWidth, ViewFrame } from '../../../views/common/ViewFrame.js';
import { Legend, swatchSize } from '../../../views/common/Legend.js';
import { formatUs, stageColour, STAGE_INFO, STAGES, type StageKey } from '../data.js';
import '../onload.css';
import {
  fitsOneLine,
  latencyModel,
  latencyScale,
  latencySummary,
  latencyTicks,
  packetAt,
  PLACES,
  placeLabel,
  slowdown,
  STAGE_PATH,
  tripNsAtWall,
  type LatencyRun,
  type Place,
} from './model.js';

export interface NetLatencyProps {
  /** The run's report (report.net, test pingpong). */
  report?: Report;
  /** Another run of the same test (e.g. the other stack), drawn as a second bar on the same scale. */
  compare?: Report;
  /** Not needed; accepted so every view takes the same props. */
  snapshot?: Snapshot;
  theme?: Theme;
  /** Width of the whole view in CSS px (default 900). */
  width?: number;
  /**
   * On the presenter's stage: the legend names the stages only (one line, not six); what
   * each stage is, the strip's caption says as the packet passes it, and the lab's
   * legend in full. The strip is drawn only where its seven places' names fit their
   * boxes at the stage's size (not in the narrower room beside a question): the bars
   * say where the time goes either way.
   */
  stage?: boolean;
  title?: string;
}

export function NetLatency(props: NetLatencyProps) {
  const { theme } = props;
  const t = themeTokens(theme);
  const width = props.width ?? 900;
  const innerW = innerWidth(width);
  const model = latencyModel(props.report, props.compare);
  const title = props.title ?? 'Where a round trip\u2019s time goes';
  const summary = latencySummary(model);

  if (model.kind !== 'breakdown') {
    return (
      <ViewFrame
        view="net-latency"
        theme={theme}
        width={width}
        title={title}
        summary={summary}
        legend={
          <Legend
            label="Trip stages"
            items={STAGES.map((s) => ({ key: s, label: STAGE_INFO[s].label, swatch: <StageSwatch stage={s} theme={theme} /> }))}
          />
        }
      >
        <p style={{ margin: 0 }} data-net-message="">
          {model.kind === 'none' ? (
            'Waiting for the first report with the network figures (kernel onload).'
          ) : (
            <>
              This run is the <strong>{model.test.replace('_', ' ')}</strong> test. The breakdown of a round trip is measured in the{' '}
              <strong>ping-pong</strong> test (net.test = pingpong).
            </>
          )}
        </p>
      </ViewFrame>
    );
  }

  const { run, compare } = model;
  const runs = compare ? [run, compare] : [run];
  const headline = (
    <span data-half-rtt={run.halfRttNs} data-overhead={run.overheadNs}>
      half round trip <strong style={{ whiteSpace: 'nowrap' }}>{formatUs(run.halfRttNs)}</strong>
      {' · '}overhead <strong style={{ whiteSpace: 'nowrap' }}>{formatUs(run.overheadNs)}</strong>
      {compare && (
        <>
          {' '}
          ·{' '}
          <span className="slv-muted" style={{ whiteSpace: 'nowrap' }}>
            {compare.short} {formatUs(compare.halfRttNs)}
          </span>
        </>
      )}
    </span>
  );

  return (
    <ViewFrame
      view="net-latency"
      theme={theme}
      width={width}
      title={title}
      headline={headline}
      summary={summary}
      legend={
        <Legend
          label="Trip stages"
          items={[
            ...STAGES.map((s) => ({
              key: s,
              label: `${STAGE_INFO[s].label}${STAGE_INFO[s].hardware ? ' (hardware)' : ''}${props.stage ? '' : `: ${STAGE_INFO[s].what}`}`,
              swatch: <StageSwatch stage={s} theme={theme} />,
            })),
          ]}
        />
      }
      table={{
        caption: `One-way trip by stage, µs (half a ping-pong round trip)`,
        columns: ['Stage', 'Hardware or software', ...runs.map((r) => r.label)],
        rows: [
          ...STAGES.map((s) => [
            STAGE_INFO[s].label,
            STAGE_INFO[s].hardware ? 'hardware' : 'software',
            ...runs.map((r) => formatUs(r.segments.find((g) => g.stage === s)!.ns)),
          ]),
          ['Software overhead', 'software', ...runs.map((r) => formatUs(r.overheadNs))],
          ['Half round trip', 'both', ...runs.map((r) => formatUs(r.halfRttNs))],
        ],
      }}
    >
      <Bars runs={runs} width={innerW} t={t} />
      {(!props.stage || stripFits(innerW, t)) && <TripStrip run={run} width={innerW} t={t} />}
    </ViewFrame>
  );
}

// ---- the stacked bars -------------------------------------------------------------------------

function Bars({ runs, width, t }: { runs: readonly LatencyRun[]; width: number; t: ThemeTokens }) {
  const fs = t.fontSize;
  const small = t.smallSize;
  // room on the right for the total (bold, "11.2 µs"), on the left for half the "0" under the axis
  const right = Math.round(fs * 5.6);
  const x = latencyScale(runs, Math.ceil(small * 0.5), Math.max(60, width - right));
  const labelH = Math.round(fs * 1.5);
  const barH = Math.round(fs * 2.5);
  const noteH = Math.round(small * 2.4);
  const rowH = labelH + barH + noteH + 6;
  const axisY = runs.length * rowH + 4;
  const height = axisY + Math.round(small * 2.9);
  const ticks = latencyTicks(x, Math.max(3, Math.min(10, Math.floor(width / (fs * 5)))));
  return (
    <svg width={width} height={height} aria-hidden="true" data-bars={runs.length}>
      {ticks.map(({ ns }) => (
        <line key={ns} x1={x(ns)} x2={x(ns)} y1={0} y2={axisY} stroke={t.grid} strokeWidth={1} />
      ))}
      {runs.map((run, i) => {
        const y0 = i * rowH;
        const barY = y0 + labelH;
        const softwareStart = run.segments.find((s) => s.stage === 'wire')!.endNs;
        const last = run.segments[run.segments.length - 1]!.endNs;
        return (
          <g key={`${run.stack}-${i}`} data-run={run.stack}>
            <text x={0} y={y0 + fs * 1.05} fontSize={fs} fontWeight={700}>
              {run.label}
            </text>
            {run.segments
              .filter((s) => s.ns > 0)
              .map((s) => {
                const x0 = x(s.startNs);
                const w = Math.max(0, x(s.endNs) - x0);
                const fill = stageColour(s.stage, t.name);
                const ink = textOn(fill);
                const name = STAGE_INFO[s.stage].label;
                const value = (s.ns / 1000).toFixed(s.ns >= 10_000 ? 0 : s.ns < 1000 ? 2 : 1);
                const both = Math.max(name.length, value.length) * small * 0.62 + 6 <= w;
                const valueOnly = !both && value.length * small * 0.62 + 4 <= w;
                return (
                  <g key={s.stage} data-stage={s.stage} data-ns={s.ns}>
                    <rect x={x0} y={barY} width={w} height={barH} fill={fill} stroke={t.background} strokeWidth={1.5} />
                    {both && (
                      <text x={x0 + w / 2} y={barY + barH / 2 - small * 0.2} fontSize={small} textAnchor="middle" style={{ fill: ink }}>
                        <tspan x={x0 + w / 2} fontWeight={700}>
                          {name}
                        </tspan>
                        <tspan x={x0 + w / 2} dy={small * 1.05}>
                          {value}
                        </tspan>
                      </text>
                    )}
                    {valueOnly && (
                      <text x={x0 + w / 2} y={barY + barH / 2 + small * 0.35} fontSize={small} textAnchor="middle" style={{ fill: ink }}>
                        {value}
                      </text>
                    )}
                  </g>
                );
              })}
            <text x={x(last) + 8} y={barY + barH / 2 + fs * 0.4} fontSize={fs} fontWeight={800} data-total="">
              {formatUs(run.halfRttNs)}
            </text>
            {run.segments[0]!.ns > 0 && (
              <Bracket x0={x(0)} x1={x(run.segments[0]!.endNs)} y={barY + barH + 4} label="" t={t} colour={t.text} />
            )}
            <Bracket
              x0={x(run.segments.find((s) => s.stage === 'wire')!.startNs)}
              x1={x(softwareStart)}
              y={barY + barH + 4}
              label="hardware"
              t={t}
              colour={t.muted}
            />
            <Bracket
              x0={x(softwareStart)}
              x1={x(last)}
              y={barY + barH + 4}
              label={`${run.overheadWords} ${formatUs(run.overheadNs)}`}
              note={run.segments[0]!.ns > 0 ? ' (send included)' : ''}
              t={t}
              colour={t.text}
              maxX={width}
            />
          </g>
        );
      })}
      <line x1={x(0)} x2={x.range()[1]} y1={axisY} y2={axisY} stroke={t.axis} strokeWidth={1.5} />
      {ticks.map(({ ns, label }) => (
        <text key={ns} x={x(ns)} y={axisY + small * 1.2} fontSize={small} textAnchor="middle">
          {label}
        </text>
      ))}
      <text x={x.range()[1]} y={axisY + small * 2.45} fontSize={small} textAnchor="end" className="slv-muted">
        µs, one way
      </text>
    </svg>
  );
}

/** A bracket under part of a bar with a label; the label is shortened or dropped where it does not fit. */
function Bracket({
  x0,
  x1,
  y,
  label,
  note = '',
  t,
  colour,
  maxX = x1,
}: {
  x0: number;
  x1: number;
  y: number;
  label: string;
  note?: string;
  t: ThemeTokens;
  colour: string;
  /** How far right the label may run past the bracket (the drawing's edge). */
  maxX?: number;
}) {
  const w = x1 - x0;
  if (w < 6) return null;
  const small = t.smallSize;
  const textW = (s: string) => s.length * small * 0.58;
  // centred under the bracket if it fits there; else from the bracket's start, running on to the right
  const choices = [`${label}${note}`, label, label.split(' ')[0]!].filter(Boolean);
  let text = '';
  let anchor: 'middle' | 'start' = 'middle';
  for (const c of choices) {
    if (textW(c) <= w + 2) {
      text = c;
      anchor = 'middle';
      break;
    }
    if (textW(c) <= maxX - x0 - 4) {
      text = c;
      anchor = 'start';
      break;
    }
  }
  return (
    <g data-bracket={label.split(' ')[0] || 'software'}>
      <path d={`M${x0 + 1},${y} v5 H${x1 - 1} v-5`} fill="none" stroke={colour} strokeWidth={1.5} />
      {text && (
        <text
          x={anchor === 'middle' ? x0 + w / 2 : x0 + 2}
          y={y + 5 + small * 1.05}
          fontSize={small}
          textAnchor={anchor}
          style={{ fill: colour }}
        >
          {text}
        </text>
      )}
    </g>
  );
}

function StageSwatch({ stage, theme }: { stage: StageKey; theme?: Theme }) {
  const s = swatchSize(theme);
  const t = themeTokens(theme);
  return (
    <svg width={s} height={s}>
      <rect x={0.5} y={0.5} width={s - 1} height={s - 1} rx={3} fill={stageColour(stage, theme)} stroke={t.axis} strokeWidth={1} />
    </svg>
  );
}

// ---- the strip: one packet, stage by stage ---------------------------------------------------

function TripStrip({ run, width, t }: { run: LatencyRun; width: number; t: ThemeTokens }) {
  const reduced = usePrefersReducedMotion();
  const wall = useWallClock(!reduced);
  const fs = t.fontSize;
  const small = t.smallSize;
  const n = PLACES.length;
  const step = width / n;
  const cx = (p: number) => step / 2 + p * step;
  // The projector theme draws no word under its small size (leastWordSize): its places
  // take shorter names ("sender", "receiver") and a narrower gap, rather than smaller type.
  const least = leastWordSize(t);
  const nameOf = (place: Place) => (least > 0 ? (PROJECTOR_PLACE_NAMES[place] ?? placeLabel(place, run)) : placeLabel(place, run));
  const boxW = Math.min(step - (least > 0 ? 6 : 10), fs * 8);
  // a place whose name does not fit its box at the least size drops its note ("stack (interrupt)" becomes "stack")
  const names = PLACES.map(
    (place) =>
      [nameOf(place), place].find((name) => fitFontSize(longestWord(name), boxW - 6, small, 9, true) >= Math.max(least, 9)) ?? place,
  );
  const stageText = (stage: StageKey) => formatUs(run.segments.find((s) => s.stage === stage)!.ns);
  // the stages' words: "wire 4.2 µs" above the places, "waits: notify 1.5 µs" below; each row on two lines where one would collide
  const words = STAGES.map((stage) => {
    const [from, to] = STAGE_PATH[stage];
    const moving = from !== to;
    const name = moving ? STAGE_INFO[stage].label : `waits: ${STAGE_INFO[stage].label}`;
    const time = stageText(stage);
    return { stage, moving, x: cx((from + to) / 2), name, bare: STAGE_INFO[stage].label, time, text: `${name} ${time}` };
  });
  const lineH = small * 1.15;
  const charW = small * 0.6;
  const twoTop = !fitsOneLine(
    words.filter((w) => w.moving),
    width,
    charW,
  );
  const twoWait = !fitsOneLine(
    words.filter((w) => !w.moving),
    width,
    charW,
  );
  // in a narrow frame the waits' names collide even on two lines: they drop "waits:" (the caption and legend say it)
  const bareWait =
    twoWait &&
    !fitsOneLine(
      words.filter((w) => !w.moving).map((w) => ({ ...w, text: w.name })),
      width,
      charW,
    );
  const times = Math.round(slowdown(run));
  const title = wrapBoldWords(
    reduced
      ? 'One packet\u2019s trip, stage by stage'
      : `One packet\u2019s trip, about ${times >= 1e6 ? `${(times / 1e6).toFixed(1)} million` : formatCount(Math.round(times / 1000) * 1000)} times slower`,
    (width - 2) / fs,
  );
  const titleH = Math.round(fs * 1.6 + (title.length - 1) * fs * 1.2);
  const topLabelsY = titleH + small * 1.1 + (twoTop ? lineH : 0);
  const barsY = topLabelsY + small * 0.45;
  // the packet travels in a lane of its own above the places, so it never hides their names
  const laneY = barsY + 6 + fs * 0.75;
  const boxY = Math.round(laneY + fs * 0.8);
  const boxH = Math.round(small * 3.2);
  const waitY = boxY + boxH + small * 1.3;
  const captionY = waitY + small * 2.9 + (twoWait ? lineH : 0);
  const tripNs = wall === null ? null : tripNsAtWall(run, wall);
  const packet = reduced ? null : packetAt(run, tripNs ?? (wall === null ? 0 : Infinity));
  const seg = packet?.stage ? run.segments.find((s) => s.stage === packet.stage)! : null;
  const hardwarePlace = (i: number) => i >= 1 && i <= 3;
  const labelFont = Math.max(least, Math.min(small, ...names.map((name) => fitFontSize(longestWord(name), boxW - 6, small, 9, true))));
  // the caption wraps to the strip's width (an SVG text does not wrap by itself)
  const caption = wrapWords(
    packet && seg
      ? `Now: ${STAGE_INFO[seg.stage].label}, ${STAGE_INFO[seg.stage].what} (${formatUs(seg.ns)})`
      : packet?.arrived
        ? `Arrived after ${formatUs(run.halfRttNs)}: half a round trip.`
        : `Grey places are hardware (the NICs\u2019 rings and the link); the rest is software on the two hosts.`,
    Math.max(20, Math.floor(width / (small * 0.58))),
  );
  const height = captionY + small * 1.3 * (Math.max(2, caption.length) - 1) + small * 0.8;

  return (
    <svg
      width={width}
      height={height}
      aria-hidden="true"
      data-strip=""
      data-reduced={reduced ? '' : undefined}
      data-packet-stage={packet ? (packet.stage ?? 'arrived') : undefined}
      style={{ marginTop: 6 }}
    >
      <text x={0} y={fs * 1.1} fontSize={fs} fontWeight={700}>
        {title.length === 1
          ? title[0]
          : title.map((line, j) => (
              <tspan key={j} x={0} dy={j === 0 ? 0 : fs * 1.2}>
                {line}
              </tspan>
            ))}
      </text>
      {/* the track */}
      <line x1={cx(0)} x2={cx(n - 1)} y1={boxY + boxH / 2} y2={boxY + boxH / 2} stroke={t.axis} strokeWidth={2} />
      {PLACES.map((place, i) => {
        const label = names[i]!;
        const lines = label.split(' ');
        const hw = hardwarePlace(i);
        const lit = packet && !packet.arrived && Math.round(packet.position) === i;
        return (
          <g key={place} data-place={place}>
            <rect
              x={cx(i) - boxW / 2}
              y={boxY}
              width={boxW}
              height={boxH}
              rx={6}
              fill={hw ? t.grid : t.surface}
              stroke={lit ? t.text : t.axis}
              strokeWidth={lit ? t.strokeWidth + 1 : 1.5}
              strokeDasharray={place === 'wire' ? '6 4' : undefined}
            />
            <text
              x={cx(i)}
              y={boxY + boxH / 2 - (lines.length - 1) * labelFont * 0.55 + labelFont * 0.35}
              fontSize={labelFont}
              fontWeight={700}
              textAnchor="middle"
            >
              {lines.map((word, j) => (
                <tspan key={j} x={cx(i)} dy={j === 0 ? 0 : labelFont * 1.1}>
                  {word}
                </tspan>
              ))}
            </text>
          </g>
        );
      })}
      {/* the stages that move the packet, above the places; the waits below */}
      {words.map(({ stage, moving, x, name: full, bare, time, text }) => {
        const name = !moving && bareWait ? bare : full;
        const [from, to] = STAGE_PATH[stage];
        const y = moving ? topLabelsY : waitY;
        const two = moving ? twoTop : twoWait;
        const current = packet?.stage === stage;
        return (
          <g key={stage} data-strip-stage={stage}>
            {moving && (
              <rect
                x={cx(from) + 4}
                y={barsY}
                width={Math.max(0, cx(to) - cx(from) - 8)}
                height={4}
                rx={2}
                fill={stageColour(stage, t.name)}
              />
            )}
            {!moving && (
              <rect x={cx(from) - boxW / 2 + 4} y={boxY + boxH + 3} width={boxW - 8} height={4} rx={2} fill={stageColour(stage, t.name)} />
            )}
            <text
              x={x}
              y={two && moving ? y - lineH : y}
              fontSize={small}
              textAnchor="middle"
              fontWeight={current ? 800 : 400}
              style={current ? { textDecoration: 'underline' } : undefined}
            >
              {two ? (
                <>
                  <tspan x={x}>{name}</tspan>
                  <tspan x={x} dy={lineH}>
                    {time}
                  </tspan>
                </>
              ) : (
                text
              )}
            </text>
          </g>
        );
      })}
      {packet && !packet.arrived && (
        <g data-packet="" transform={`translate(${cx(packet.position)},${laneY})`}>
          <line x1={0} x2={0} y1={fs * 0.5} y2={boxY - laneY} stroke={t.text} strokeWidth={1.5} />
          <rect
            x={-fs * 0.75}
            y={-fs * 0.5}
            width={fs * 1.5}
            height={fs * 1}
            rx={3}
            fill={seg ? stageColour(seg.stage, t.name) : t.text}
            stroke={t.text}
            strokeWidth={2}
          />
          {seg && STAGE_PATH[seg.stage][0] === STAGE_PATH[seg.stage][1] && (
            <g data-waiting="">
              <rect
                x={fs * 0.95}
                y={-3}
                width={Math.max(4, boxW / 2 - fs * 1.2)}
                height={6}
                rx={3}
                fill="none"
                stroke={t.text}
                strokeWidth={1}
              />
              <rect x={fs * 0.95} y={-3} width={Math.max(4, boxW / 2 - fs * 1.2) * packet.stageDone} height={6} rx={3} fill={t.text} />
            </g>
          )}
        </g>
      )}
      <text x={0} y={captionY} fontSize={small} className="slv-muted">
        {caption.map((line, j) => (
          <tspan key={j} x={0} dy={j === 0 ? 0 : small * 1.3}>
            {line}
          </tspan>
        ))}
      </text>
    </svg>
  );
}

/** Whether the strip's seven places, each named in bold at the small size ("receiver"), fit the width. */
function stripFits(width: number, t: ThemeTokens): boolean {
  return width >= PLACES.length * ('receiver'.length * 0.64 * t.smallSize + 12);
}

/** The places' shorter names, for the projector theme's larger type. */
const PROJECTOR_PLACE_NAMES: Partial<Record<Place, string>> = { 'sending app': 'sender', 'receiving app': 'receiver' };

function longestWord(text: string): string {
  return text.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
}
