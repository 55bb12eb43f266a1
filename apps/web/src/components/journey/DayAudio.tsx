import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '@selah/domain/duration';
import type { PlayerTrack } from '@selah/domain/player';
import { Spinner } from '../Spinner';
import { isSameTrack, SKIP_SECONDS, useAudio } from '../../lib/audio';

const rangeThumb =
  '[&::-webkit-slider-thumb]:-mt-[5px] [&::-webkit-slider-thumb]:h-4 [&::-webkit-slider-thumb]:w-4 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-primary [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:h-4 [&::-moz-range-thumb]:w-4 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-primary';
const rangeTrack =
  '[&::-webkit-slider-runnable-track]:h-1.5 [&::-webkit-slider-runnable-track]:rounded-full [&::-webkit-slider-runnable-track]:bg-[linear-gradient(to_right,var(--color-primary)_var(--fill),var(--color-line)_var(--fill))] ' +
  '[&::-moz-range-track]:h-1.5 [&::-moz-range-track]:rounded-full [&::-moz-range-track]:bg-line [&::-moz-range-progress]:h-1.5 [&::-moz-range-progress]:rounded-full [&::-moz-range-progress]:bg-primary';

/**
 * A journey day's audio through the app's one player (so the minimized bar can bring the user back): play/pause,
 * skip 15 s back and forward, a seekable position and the time. Nothing plays until Play is pressed
 * (browsers allow audio only from a gesture); `resumeFrom` (seconds) continues where the user left off.
 * With `label` the panel is a region named by it; `timeTestId` names the time line for tests.
 */
export function DayAudio({
  track,
  resumeFrom = null,
  label,
  timeTestId,
}: {
  track: PlayerTrack;
  resumeFrom?: number | null;
  label?: string;
  timeTestId: string;
}) {
  const { t } = useTranslation('player');
  const audio = useAudio();
  const loaded = isSameTrack(audio.track, track);
  const isPlaying = loaded && audio.isPlaying;
  const isLoading = loaded && audio.isLoading;
  const duration = loaded && audio.duration > 0 ? audio.duration : track.duration;
  const currentTime = loaded ? audio.currentTime : 0;

  const onPlayPause = () => {
    if (loaded) {
      audio.toggle();
      return;
    }
    audio.play(track);
    if (resumeFrom !== null) audio.seek(resumeFrom);
  };

  const max = Math.max(1, Math.ceil(duration));
  const fill = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;

  const Panel = label === undefined ? 'div' : 'section';
  return (
    <Panel aria-label={label} className="rounded-3xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex items-center justify-center gap-6">
        <ControlButton label={t('skipBack', { count: SKIP_SECONDS })} disabled={!loaded} onClick={() => audio.skip(-SKIP_SECONDS)}>
          <SkipIcon icon={<RotateCcw aria-hidden="true" className="h-8 w-8" />} />
        </ControlButton>
        <button
          type="button"
          aria-label={isPlaying ? t('pause') : t('play')}
          onClick={onPlayPause}
          className="flex h-20 w-20 items-center justify-center rounded-full bg-primary text-white shadow-lg transition-transform hover:bg-primary-strong active:scale-95"
        >
          {isLoading ? (
            <Spinner className="h-8 w-8" />
          ) : isPlaying ? (
            <Pause aria-hidden="true" className="h-9 w-9" fill="currentColor" />
          ) : (
            <Play aria-hidden="true" className="ml-1 h-9 w-9" fill="currentColor" />
          )}
        </button>
        <ControlButton label={t('skipForward', { count: SKIP_SECONDS })} disabled={!loaded} onClick={() => audio.skip(SKIP_SECONDS)}>
          <SkipIcon icon={<RotateCw aria-hidden="true" className="h-8 w-8" />} />
        </ControlButton>
      </div>
      <input
        type="range"
        min={0}
        max={max}
        step={1}
        value={Math.min(Math.floor(currentTime), max)}
        aria-label={t('seek')}
        aria-valuetext={t('position', { elapsed: formatClock(currentTime), total: formatClock(duration) })}
        disabled={!loaded || duration <= 0}
        onChange={(event) => audio.seek(Number(event.target.value))}
        style={{ '--fill': `${fill}%` } as CSSProperties}
        className={`mt-5 h-6 w-full cursor-pointer appearance-none bg-transparent disabled:cursor-default ${rangeTrack} ${rangeThumb}`}
      />
      <p data-testid={timeTestId} className="mt-1 flex justify-between text-sm text-muted tabular-nums">
        <span>{formatClock(currentTime)}</span>
        <span className="sr-only"> / </span>
        <span>{formatClock(duration)}</span>
      </p>
    </Panel>
  );
}

function ControlButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex h-14 w-14 items-center justify-center rounded-full text-ink transition-colors hover:bg-canvas disabled:opacity-40"
    >
      {children}
    </button>
  );
}

function SkipIcon({ icon }: { icon: ReactNode }) {
  return (
    <span className="relative flex items-center justify-center">
      {icon}
      <span aria-hidden="true" className="absolute pt-0.5 text-[10px] font-bold">
        {SKIP_SECONDS}
      </span>
    </span>
  );
}
