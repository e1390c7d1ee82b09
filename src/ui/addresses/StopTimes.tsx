import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { Icon } from '../controls/icons.tsx';
import { formatClock } from '../../domain/format.ts';
import { formatTimeOfDay, timeValueOf, formatShortDate } from '../../domain/format-dates.ts';
import { isLatestNextDay, moveStopsToDate, withEarliestTime, withLatestTime } from '../../domain/time/windows.ts';
import { isSeekDayEditable, quarterHourChoices, seekDayChoices } from '../../domain/time/choices.ts';
import { plusDays } from '../../domain/time/calendar-days.ts';
import { readTimestamp } from '../../domain/time/france-clock.ts';
import { useListOnDemand } from '../controls/use-list-on-demand.ts';
import { limitMinutesInput, parseMinutesInput } from '../../domain/validation/input-limits.ts';
import type { Stop } from '../../domain/entities/stop.ts';
import { useNow, useTravelDay } from '../../state/now.ts';
import { timeWindowsEnabledAtom } from '../../state/time-windows.atoms.ts';
import { updateStopAtom } from '../../state/stops.atoms.ts';
import { useStopArrival } from '../../state/arrival.atoms.ts';
import { stopViewSlot, useStopViewState } from '../../state/stop-view.ts';

/** The value prefix of a latest time on the next day. */
const NEXT_DAY = 'lendemain:';
const QUARTER_HOUR_MS = 15 * 60_000;
/** Which stops have their times unfolded (a phone): the fold follows the stop when it moves. */
const timesOpen = stopViewSlot<boolean>();

function timeOf(timestamp: string | null): string {
  return timestamp ? timeValueOf(timestamp) : '';
}

/** A day offset in a customer's words: the travel day itself, the next day, then J+2 to J+6. */
function dayOffsetWords(offset: number): string {
  if (offset === 0) return 'Même jour';
  if (offset === 1) return 'Le lendemain';
  return `J+${offset}`;
}

/**
 * 'Même jour · lun. 30 nov.', 'Le lendemain · mar. 1er déc.', 'J+2 · mer. 2 déc.' for each day
 * offset of a travel day: the same for every stop, so computed once per travel day, not per
 * card and render.
 */
const seekOptionsByDay = new Map<string, { value: number; label: string }[]>();
function seekDayOptions(day: string) {
  let options = seekOptionsByDay.get(day);
  if (!options) {
    options = seekDayChoices().map((choice) => ({
      value: choice.value,
      label: `${dayOffsetWords(choice.value)} · ${formatShortDate(plusDays(day, choice.value))}`,
    }));
    // A visitor changes the date a few times at most; the bound only guards a long-lived page.
    if (seekOptionsByDay.size > 50) seekOptionsByDay.clear();
    seekOptionsByDay.set(day, options);
  }
  return options;
}

/**
 * Per stop: the day offset J+0..J+6 (not on the first stop), the time in quarter hours after
 * the earliest allowed moment, and in time-window mode an earliest and a latest (spec §2, §5, §9).
 */
export function StopTimes({ stop, index }: { stop: Stop; index: number }) {
  const update = useSetAtom(updateStopAtom);
  const windows = useAtomValue(timeWindowsEnabledAtom);
  const day = useTravelDay();
  const now = useNow();
  const name = `l’adresse ${stop.step}`;
  // Closed, each time list holds its chosen time alone; reaching one builds the card's lists
  // (the seven days are few and shared by every card: always all there).
  const { full, listeners } = useListOnDemand();
  // The choices change with the day and the quarter hour, not with every render of the card.
  const quarter = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  const stopDay = plusDays(day, stop.seekDays);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `now` counts through `quarter`: the choices move by quarter hours
  const earliestChoices = useMemo(() => (full ? quarterHourChoices(stopDay, now) : []), [full, stopDay, quarter]);
  const earliestTime = timeOf(stop.timewindowEarliest);
  const latestValue =
    windows && stop.timewindowLatest ? `${isLatestNextDay(stop, day) ? NEXT_DAY : ''}${timeOf(stop.timewindowLatest)}` : '';
  // Only in time-window mode: the latest times after the earliest, and the next day's when a window crosses midnight.
  const latestOptions = useMemo(() => {
    if (!windows || !full) return [];
    const latestAfter = (stop.timewindowEarliest ? readTimestamp(stop.timewindowEarliest)?.millis : undefined) ?? now;
    const nextDayChoices = earliestTime ? quarterHourChoices(plusDays(stopDay, 1), now).filter((time) => time < earliestTime) : [];
    return [
      ...quarterHourChoices(stopDay, latestAfter).map((time) => ({ value: time, label: formatClock(time) })),
      ...nextDayChoices.map((time) => ({ value: `${NEXT_DAY}${time}`, label: `${formatClock(time)} (le lendemain)` })),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `now` counts through `quarter`, as above
  }, [full, windows, stopDay, stop.timewindowEarliest, earliestTime, quarter]);

  const setLatest = (value: string) => {
    if (value === '') {
      update({ index, change: (s) => ({ ...s, timewindowLatest: null }) });
      return;
    }
    const nextDay = value.startsWith(NEXT_DAY);
    update({ index, change: (s) => withLatestTime(s, day, value.slice(nextDay ? NEXT_DAY.length : 0), nextDay) });
  };

  const [open, setOpen] = useStopViewState(timesOpen, stop.uid, false);
  const wantedText = stop.timewindowEarliest
    ? windows && stop.timewindowLatest
      ? `${formatClock(timeOf(stop.timewindowEarliest))} – ${formatClock(timeOf(stop.timewindowLatest))}`
      : formatClock(timeOf(stop.timewindowEarliest))
    : 'Indifférent';
  const bodyId = `stop-times-${stop.uid}`;

  return (
    <div className="times">
      <TimesToggle
        uid={stop.uid}
        name={name}
        wanted={wantedText}
        minutes={stop.durationMin}
        open={open}
        bodyId={bodyId}
        onToggle={() => setOpen(!open)}
      />
      <div id={bodyId} className={`stop-times${open ? '' : ' collapsed'}`}>
        <label>
          Jour
          <select
            aria-label={`Jour de ${name}`}
            value={stop.seekDays}
            disabled={!isSeekDayEditable(index)}
            {...listeners}
            onChange={(event) => {
              // The chosen times move with the day, so seek_days and the timestamps agree.
              const seekDays = Number(event.target.value);
              update({ index, change: (s) => moveStopsToDate([{ ...s, seekDays }], day)[0]! });
            }}
          >
            {seekDayOptions(day).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {windows ? 'Au plus tôt' : 'Heure souhaitée'}
          <select
            aria-label={`${windows ? 'Heure au plus tôt' : 'Heure souhaitée'} à ${name}`}
            value={timeOf(stop.timewindowEarliest)}
            {...listeners}
            onChange={(event) => {
              const time = event.target.value;
              update({ index, change: (s) => (time === '' ? { ...s, timewindowEarliest: null } : withEarliestTime(s, day, time)) });
            }}
          >
            <option value="">Indifférent</option>
            {stop.timewindowEarliest && !earliestChoices.includes(timeOf(stop.timewindowEarliest)) && (
              <option value={timeOf(stop.timewindowEarliest)}>{formatClock(timeOf(stop.timewindowEarliest))}</option>
            )}
            {earliestChoices.map((time) => (
              <option key={time} value={time}>
                {formatClock(time)}
              </option>
            ))}
          </select>
        </label>
        {windows && (
          <label>
            Au plus tard
            <select
              aria-label={`Heure au plus tard à ${name}`}
              value={latestValue}
              onChange={(event) => setLatest(event.target.value)}
              {...listeners}
            >
              <option value="">Indifférent</option>
              {latestValue && !latestOptions.some((option) => option.value === latestValue) && (
                <option value={latestValue}>
                  {latestValue.startsWith(NEXT_DAY)
                    ? `${formatClock(timeOf(stop.timewindowLatest))} (le lendemain)`
                    : formatClock(latestValue)}
                </option>
              )}
              {latestOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Minutes sur place
          <input
            aria-label={`Minutes sur place à ${name}`}
            inputMode="numeric"
            maxLength={5}
            value={String(stop.durationMin)}
            onChange={(event) => {
              const minutes = parseMinutesInput(limitMinutesInput(event.target.value));
              update({ index, change: (s) => ({ ...s, durationMin: minutes ?? 0 }) });
            }}
          />
        </label>
        <ArrivalNote uid={stop.uid} />
      </div>
    </div>
  );
}

/**
 * The toggle of a stop's times, with its summary. The arrival time is read here and in
 * ArrivalNote only, so a new route re-renders these two lines per card, not the time lists.
 */
function TimesToggle({
  uid,
  name,
  wanted,
  minutes,
  open,
  bodyId,
  onToggle,
}: {
  uid: string;
  name: string;
  wanted: string;
  minutes: number;
  open: boolean;
  bodyId: string;
  onToggle: () => void;
}) {
  const arrival = useStopArrival(uid);
  const settled = [wanted, `${minutes} min sur place`].filter(Boolean).join(' · ');
  const arrivalText = arrival ? `arrivée ≈ ${formatTimeOfDay(arrival)}` : null;
  const summary = arrivalText ? `${settled} · ${arrivalText}` : settled;
  return (
    <button
      type="button"
      className="times-toggle"
      aria-expanded={open}
      aria-controls={bodyId}
      // On a phone the stop's contacts fold here too (styles.css), and the name says so.
      aria-label={`Horaires et contacts de ${name} : ${summary}`}
      onClick={onToggle}
    >
      <Icon name="clock" />
      <span className="summary-text">
        {settled}
        {arrivalText && (
          <>
            {' · '}
            <span className="arrival-time">{arrivalText}</span>
          </>
        )}
      </span>
      <Icon name="chevron" turn={open ? 'up' : 'down'} />
    </button>
  );
}

function ArrivalNote({ uid }: { uid: string }) {
  const arrival = useStopArrival(uid);
  if (!arrival) return null;
  return (
    <p className="arrival muted">
      Arrivée estimée&nbsp;: <strong>{formatTimeOfDay(arrival)}</strong>
    </p>
  );
}
