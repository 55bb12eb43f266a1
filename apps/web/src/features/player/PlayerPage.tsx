import { ChevronDown, Heart, Repeat } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { isPlayerTrack, type PlayerTrack } from '@selah/domain/player';
import { splitIntoLines } from '@selah/domain/text';
import { AudioTime, PlayPauseButton, SeekBar, SkipButton } from '../../components/AudioControls';
import { isSameTrack, useAudio } from '../../lib/audio';
import { useTrackText } from '../../lib/content-texts';
import { ListeningOptions } from './ListeningOptions';
import { SyncedWords } from './SyncedWords';
import { DownloadButton } from './DownloadButton';

/** Prayer texts longer than this start collapsed behind See more (spec section 9). */
const COLLAPSE_ABOVE_CHARS = 250;

/** /player: the full-screen player for the track in the navigation state (spec section 2). */
export default function PlayerPage() {
  const { state } = useLocation();
  if (!isPlayerTrack(state)) return <Navigate to="/dashboard" replace />;
  return <Player key={`${state.id} ${state.audioUrl}`} track={state} />;
}

function Player({ track: opened }: { track: PlayerTrack }) {
  const { t, i18n } = useTranslation('player');
  const navigate = useNavigate();
  const audio = useAudio();
  const { open, minimize } = audio;
  const [favorite, setFavorite] = useState(false);

  // Opening the page plays its track (unless it is already loaded); leaving it any way keeps the audio minimized.
  useEffect(() => {
    open(opened);
    return () => minimize();
  }, [opened, open, minimize]);

  // Until the provider holds this track (e.g. right after it was closed), the controls show it stopped.
  const loaded = isSameTrack(audio.track, opened);
  // A prayer opened while it was voiced shows its words once it is complete (the provider's track then).
  const track = loaded && audio.track ? audio.track : opened;
  const words = useTrackText(track, i18n.resolvedLanguage ?? 'en');
  const isPlaying = loaded && audio.isPlaying;
  const isLoading = loaded && audio.isLoading;
  const duration = loaded && audio.duration > 0 ? audio.duration : Math.max(0, track.duration || 0);
  const currentTime = loaded ? audio.currentTime : 0;

  const onMinimize = () => {
    minimize();
    // React Router numbers its history entries: idx 0 means /player was the first page of this visit.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/dashboard', { replace: true });
  };

  const onPlayPause = () => {
    if (!loaded) audio.play(opened);
    else audio.toggle();
  };

  return (
    <main className="flex min-h-dvh flex-col bg-canvas pb-[max(env(safe-area-inset-bottom),1.5rem)]">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 pt-[max(env(safe-area-inset-top),1rem)]">
        <IconButton label={t('minimize')} onClick={onMinimize}>
          <ChevronDown aria-hidden="true" className="h-7 w-7" />
        </IconButton>
        <p className="text-xs font-semibold tracking-[0.25em] text-gold uppercase">{t('nowPlaying')}</p>
        {/* A prayer still being voiced is not a file yet: nothing to keep until it is complete. */}
        {track.streaming ? <span aria-hidden="true" className="h-11 w-11" /> : <DownloadButton track={track} />}
      </header>

      <div className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-8 px-6 pt-4 lg:grid-cols-2 lg:content-center lg:items-center lg:gap-16 lg:pt-0">
        <section aria-labelledby="player-title" className="mx-auto flex w-full max-w-md flex-col items-center">
          <div
            aria-hidden="true"
            className="flex h-44 w-44 items-center justify-center rounded-full bg-gold-soft shadow-[0_0_80px_rgba(184,137,58,0.3)] sm:h-56 sm:w-56"
          >
            <div className={`h-20 w-20 rounded-full bg-gold/80 sm:h-24 sm:w-24 ${isPlaying ? 'animate-breathe' : ''}`} />
          </div>

          <h1 id="player-title" className="mt-8 text-center font-serif text-3xl leading-tight text-ink">
            {track.title}
          </h1>

          <div className="mt-8 w-full">
            <SeekBar currentTime={currentTime} duration={duration} disabled={!loaded} onSeek={audio.seek} />
            <AudioTime testId="player-audio-time" currentTime={currentTime} duration={duration} className="mt-2" />
            {loaded && (track.streaming || audio.waitingFor !== null) ? (
              <p role="status" data-testid="player-more-coming" className="mt-3 text-center text-sm text-muted">
                {audio.waitingFor !== null ? t('waitingFor') : t('moreComing')}
              </p>
            ) : null}
          </div>

          <div className="mt-6 flex w-full items-center justify-between">
            <IconButton label={t('repeat')} pressed={audio.repeat} onClick={() => audio.setRepeat(!audio.repeat)}>
              <Repeat aria-hidden="true" className="h-5 w-5" />
            </IconButton>
            <SkipButton direction="back" disabled={!loaded} onSkip={audio.skip} />
            <PlayPauseButton isPlaying={isPlaying} isLoading={isLoading} onClick={onPlayPause} />
            <SkipButton direction="forward" disabled={!loaded} onSkip={audio.skip} />
            <IconButton
              label={t('favorite')}
              pressed={favorite}
              pressedTone="bg-gold-soft text-gold"
              onClick={() => setFavorite((value) => !value)}
            >
              <Heart aria-hidden="true" className="h-5 w-5" fill={favorite ? 'currentColor' : 'none'} />
            </IconButton>
          </div>

          <ListeningOptions />
        </section>

        {loaded && audio.cues ? (
          <SyncedWords cues={audio.cues} active={audio.activeCue} onSeek={audio.seek} collapseAboveChars={COLLAPSE_ABOVE_CHARS} />
        ) : words.text.trim() ? (
          <PrayerText text={words.text} />
        ) : words.isLoading ? (
          <PrayerTextSkeleton label={t('text')} />
        ) : null}
      </div>
    </main>
  );
}

function IconButton({
  label,
  pressed,
  pressedTone = 'bg-primary/10 text-primary',
  disabled = false,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  pressedTone?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const tone = pressed === undefined ? 'text-ink hover:bg-surface' : pressed ? pressedTone : 'text-muted hover:bg-surface';
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={`flex items-center justify-center rounded-full transition-colors disabled:opacity-40 h-11 w-11 ${tone}`}
    >
      {children}
    </button>
  );
}

/** The prayer split into lines; texts above 250 characters start collapsed with See more / See less. */
function PrayerText({ text }: { text: string }) {
  const { t } = useTranslation('player');
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const lines = splitIntoLines(text);
  const collapsible = text.trim().length > COLLAPSE_ABOVE_CHARS;
  const shown = collapsible && !expanded ? firstLines(lines, COLLAPSE_ABOVE_CHARS) : lines;
  return (
    <section
      aria-label={t('text')}
      className="mx-auto w-full max-w-md rounded-3xl border border-line bg-surface p-6 shadow-sm lg:max-h-[calc(100dvh-8rem)] lg:max-w-none lg:overflow-y-auto"
    >
      <div id={id} className="relative flex flex-col gap-3 font-serif text-lg leading-relaxed text-ink">
        {shown.map((line, index) => (
          <p key={index}>{line}</p>
        ))}
        {collapsible && !expanded ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 bottom-0 h-10 bg-gradient-to-t from-surface to-transparent"
          />
        ) : null}
      </div>
      {collapsible ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((value) => !value)}
          className="mt-4 text-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          {expanded ? t('seeLess') : t('seeMore')}
        </button>
      ) : null}
    </section>
  );
}

/** Where the words will be while they load: a few soft lines in the same card. */
function PrayerTextSkeleton({ label }: { label: string }) {
  return (
    <section
      aria-label={label}
      aria-busy="true"
      className="mx-auto flex w-full max-w-md flex-col gap-4 rounded-3xl border border-line bg-surface p-6 shadow-sm lg:max-w-none"
    >
      {['w-11/12', 'w-full', 'w-10/12', 'w-9/12'].map((width) => (
        <div key={width} className={`h-4 animate-pulse rounded-full bg-line ${width}`} />
      ))}
    </section>
  );
}

/** The leading lines that fit in `limit` characters (always at least one). */
function firstLines(lines: string[], limit: number): string[] {
  const shown: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (shown.length > 0 && length + line.length > limit) break;
    shown.push(line);
    length += line.length;
  }
  return shown;
}
