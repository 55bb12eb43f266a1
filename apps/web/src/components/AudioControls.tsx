import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '@selah/domain/duration';
import { SKIP_SECONDS } from '../lib/audio';
import { Spinner } from './Spinner';

/** The controls the full player and a journey day's audio share: play/pause, skip 15 s, the seek bar, the time. */

export function PlayPauseButton({ isPlaying, isLoading, onClick }: { isPlaying: boolean; isLoading: boolean; onClick: () => void }) {
  const { t } = useTranslation('player');
  return (
    <button
      type="button"
      aria-label={isPlaying ? t('pause') : t('play')}
      onClick={onClick}
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
  );
}

/** Skip 15 s back or forward; `onSurface` when it stands on a card (its hover tone is the page's). */
export function SkipButton({
  direction,
  disabled,
  onSkip,
  onSurface = false,
}: {
  direction: 'back' | 'forward';
  disabled: boolean;
  onSkip: (seconds: number) => void;
  onSurface?: boolean;
}) {
  const { t } = useTranslation('player');
  const Icon = direction === 'back' ? RotateCcw : RotateCw;
  return (
    <button
      type="button"
      aria-label={t(direction === 'back' ? 'skipBack' : 'skipForward', { count: SKIP_SECONDS })}
      disabled={disabled}
      onClick={() => onSkip(direction === 'back' ? -SKIP_SECONDS : SKIP_SECONDS)}
      className={`flex h-14 w-14 items-center justify-center rounded-full text-ink transition-colors disabled:opacity-40 ${onSurface ? 'hover:bg-canvas' : 'hover:bg-surface'}`}
    >
      <span className="relative flex items-center justify-center">
        <Icon aria-hidden="true" className="h-8 w-8" />
        <span aria-hidden="true" className="absolute pt-0.5 text-[10px] font-bold">
          {SKIP_SECONDS}
        </span>
      </span>
    </button>
  );
}

const rangeThumb =
  '[&::-webkit-slider-thumb]:-mt-[5px] [&::-webkit-slider-thumb]:h-4 [&::-webkit-slider-thumb]:w-4 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-primary [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:h-4 [&::-moz-range-thumb]:w-4 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-primary';
const rangeTrack =
  '[&::-webkit-slider-runnable-track]:h-1.5 [&::-webkit-slider-runnable-track]:rounded-full [&::-webkit-slider-runnable-track]:bg-[linear-gradient(to_right,var(--color-primary)_var(--fill),var(--color-line)_var(--fill))] ' +
  '[&::-moz-range-track]:h-1.5 [&::-moz-range-track]:rounded-full [&::-moz-range-track]:bg-line [&::-moz-range-progress]:h-1.5 [&::-moz-range-progress]:rounded-full [&::-moz-range-progress]:bg-primary';

/** The seekable progress bar: a native range input, so keyboards and screen readers can use it. */
export function SeekBar({
  currentTime,
  duration,
  disabled,
  onSeek,
  className = '',
}: {
  currentTime: number;
  duration: number;
  disabled: boolean;
  onSeek: (seconds: number) => void;
  className?: string;
}) {
  const { t } = useTranslation('player');
  const max = Math.max(1, Math.ceil(duration));
  const fill = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  return (
    <input
      type="range"
      min={0}
      max={max}
      step={1}
      value={Math.min(Math.floor(currentTime), max)}
      aria-label={t('seek')}
      aria-valuetext={t('position', { elapsed: formatClock(currentTime), total: formatClock(duration) })}
      disabled={disabled || duration <= 0}
      onChange={(event) => onSeek(Number(event.target.value))}
      style={{ '--fill': `${fill}%` } as CSSProperties}
      className={`h-6 w-full cursor-pointer appearance-none bg-transparent disabled:cursor-default ${rangeTrack} ${rangeThumb} ${className}`}
    />
  );
}

/** Elapsed and total time, read as "elapsed / total". */
export function AudioTime({
  testId,
  currentTime,
  duration,
  className = '',
}: {
  testId: string;
  currentTime: number;
  duration: number;
  className?: string;
}) {
  return (
    <p data-testid={testId} className={`flex justify-between text-sm text-muted tabular-nums ${className}`}>
      <span>{formatClock(currentTime)}</span>
      <span className="sr-only"> / </span>
      <span>{formatClock(duration)}</span>
    </p>
  );
}
