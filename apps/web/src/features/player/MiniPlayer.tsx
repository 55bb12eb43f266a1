import { Moon, Pause, Play, X } from 'lucide-react';
import { Suspense, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatClock } from '@selah/domain/duration';
import { Spinner } from '../../components/Spinner';
import { useAudio, type AudioState, type JourneyAudio } from '../../lib/audio';
import { useSleepRemaining } from './ListeningOptions';

/** Dragging the bar down further than this closes it (spec section 9). */
export const MINIMIZE_SWIPE_PX = 50;
/** Movement below this still counts as a tap. */
const TAP_SLOP_PX = 6;

/** The minimized player bar on shell screens, while a track is loaded and minimized (spec section 2). */
export function MiniPlayer() {
  const { track, isMinimized } = useAudio();
  if (!track || !isMinimized) return null;
  // Its own boundary: loading the player texts must not suspend the whole shell.
  return (
    <Suspense fallback={null}>
      <MiniBar />
    </Suspense>
  );
}

function journeyDayPath(journey: JourneyAudio): string {
  const journeyId = encodeURIComponent(journey.journeyId);
  if (journey.kind === 'personalized') {
    return `/personalized-journey/${encodeURIComponent(journey.journeyType ?? 'ancestors')}/day/${journeyId}/${journey.dayId}`;
  }
  return `/journey-day/${journeyId}/${journey.dayId}`;
}

function MiniBar() {
  const { t } = useTranslation('player');
  const navigate = useNavigate();
  const audio = useAudio();
  const [dragY, setDragY] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startY: number; moved: boolean } | null>(null);
  const suppressClick = useRef(false);

  const track = audio.track;
  if (!track) return null;

  const onOpen = () => {
    audio.maximize();
    if (audio.journeyAudio) void navigate(journeyDayPath(audio.journeyAudio), { state: { keepAudio: true } });
    else void navigate('/player', { state: track });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    suppressClick.current = false;
    drag.current = { pointerId: event.pointerId, startY: event.clientY, moved: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dy = event.clientY - current.startY;
    if (!current.moved) {
      if (Math.abs(dy) < TAP_SLOP_PX) return;
      // Only a real drag captures the pointer, so taps still reach the buttons inside.
      current.moved = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragging(true);
    }
    setDragY(Math.max(0, dy));
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    if (!current.moved) return;
    suppressClick.current = true;
    setDragging(false);
    if (event.type === 'pointerup' && event.clientY - current.startY > MINIMIZE_SWIPE_PX) {
      audio.pause();
      audio.close();
    } else {
      setDragY(0);
    }
  };

  const elapsed = formatClock(audio.currentTime);
  const total = formatClock(audio.duration);
  // pb-6 clears the round Create button, which rises above the bottom navigation.
  return (
    <section data-testid="mini-player" aria-label={t('mini.label')} className="mx-auto max-w-xl px-3 pb-6">
      <div
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(event) => {
          if (!suppressClick.current) return;
          suppressClick.current = false;
          event.preventDefault();
          event.stopPropagation();
        }}
        style={{
          transform: `translateY(${dragY}px)`,
          opacity: Math.max(0.3, 1 - dragY / (MINIMIZE_SWIPE_PX * 3)),
          transition: dragging ? 'none' : 'transform 200ms ease-out, opacity 200ms ease-out',
        }}
        className="pointer-events-auto relative touch-none overflow-hidden rounded-2xl border border-line bg-surface/95 shadow-lg backdrop-blur select-none"
      >
        <div className="flex items-center gap-2 py-2 pr-2 pl-3">
          <button
            type="button"
            onClick={onOpen}
            aria-label={t('mini.open', { title: track.title })}
            className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl text-left"
          >
            <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gold-soft">
              <span className={`h-5 w-5 rounded-full bg-gold/80 ${audio.isPlaying ? 'animate-breathe' : ''}`} />
            </span>
            <span className="min-w-0">
              <span className="block truncate font-semibold text-ink">{track.title}</span>
              <span className="flex items-center gap-2 text-xs text-muted tabular-nums">
                <span>
                  {elapsed} / {total}
                </span>
                {audio.sleepTimer ? <SleepBadge timer={audio.sleepTimer} /> : null}
              </span>
            </span>
          </button>
          <button
            type="button"
            onClick={audio.toggle}
            aria-label={audio.isPlaying ? t('pause') : t('play')}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary text-white hover:bg-primary-strong"
          >
            {audio.isLoading ? (
              <Spinner />
            ) : audio.isPlaying ? (
              <Pause aria-hidden="true" className="h-5 w-5" fill="currentColor" />
            ) : (
              <Play aria-hidden="true" className="ml-0.5 h-5 w-5" fill="currentColor" />
            )}
          </button>
          <button
            type="button"
            onClick={audio.close}
            aria-label={t('mini.close')}
            className="flex h-11 w-9 shrink-0 items-center justify-center rounded-full text-muted hover:text-ink"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-0.5 bg-line">
          <div className="h-full bg-gold" style={{ width: `${audio.progress}%` }} />
        </div>
      </div>
    </section>
  );
}

/** The sleep timer on the minimized bar: a moon and the time left (or "End"). */
function SleepBadge({ timer }: { timer: NonNullable<AudioState['sleepTimer']> }) {
  const { t } = useTranslation('player');
  const remaining = useSleepRemaining(timer);
  const label = remaining === null ? t('mini.sleepEnd') : t('mini.sleep', { time: formatClock(remaining) });
  return (
    <span data-testid="mini-sleep" aria-label={label} className="flex items-center gap-1 text-primary">
      <Moon aria-hidden="true" className="h-3 w-3" />
      <span aria-hidden="true">{remaining === null ? t('sleep.shortEnd') : formatClock(remaining)}</span>
    </span>
  );
}
