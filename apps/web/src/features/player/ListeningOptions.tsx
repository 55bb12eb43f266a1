import { AudioLines, Gauge, Moon } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '@selah/domain/duration';
import { BACKGROUND_SOUNDS, PLAYBACK_SPEEDS, SLEEP_TIMER_MINUTES, type SleepTimerChoice } from '@selah/domain/player';
import { useAudio, type AudioState } from '../../lib/audio';
import { useSavePlayerPreferences } from './preferences';

type Panel = 'speed' | 'sleep' | 'sound';

/** 1.25 → "1.25×" in the person's own number format. */
export function useSpeedLabel(): (speed: number) => string {
  const { t, i18n } = useTranslation('player');
  return (speed) => t('speed.value', { speed: new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en').format(speed) });
}

/** Seconds left on the sleep timer (updated each second), or null for none / at the end of the prayer. */
export function useSleepRemaining(timer: AudioState['sleepTimer']): number | null {
  const [now, setNow] = useState(() => Date.now());
  const endsAt = timer?.endsAt ?? null;
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => setNow(Date.now());
    // At once for a timer just set (the last tick may be long ago), then every second.
    const first = setTimeout(tick, 0);
    const interval = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(interval);
    };
  }, [endsAt]);
  return endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * Speed, sleep timer and background sound under the player's controls (issue 22): three buttons, each opening
 * its choices below them. Every choice is a button (reachable by keyboard, its state announced).
 */
export function ListeningOptions() {
  const { t } = useTranslation('player');
  const audio = useAudio();
  const save = useSavePlayerPreferences();
  const speedLabel = useSpeedLabel();
  const [open, setOpen] = useState<Panel | null>(null);
  const panelId = useId();
  const remaining = useSleepRemaining(audio.sleepTimer);
  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? null : panel));

  const sleepShort = audio.sleepTimer
    ? remaining === null
      ? t('sleep.shortEnd')
      : t('sleep.short', { time: formatClock(remaining) })
    : null;
  const sleepChoiceLabel = (choice: SleepTimerChoice) => (choice === 'end' ? t('sleep.end') : t('sleep.minutes', { count: choice }));

  return (
    <section aria-label={t('options')} className="mt-6 w-full">
      <div className="flex flex-wrap items-center justify-center gap-2">
        <OptionButton
          label={t('speed.button', { speed: speedLabel(audio.speed) })}
          expanded={open === 'speed'}
          controls={panelId}
          onClick={() => toggle('speed')}
          testId="player-speed"
        >
          <Gauge aria-hidden="true" className="h-4 w-4" />
          <span>{speedLabel(audio.speed)}</span>
        </OptionButton>
        <OptionButton
          label={
            audio.sleepTimer
              ? remaining === null
                ? t('sleep.atEnd')
                : t('sleep.remaining', { time: formatClock(remaining) })
              : t('sleep.label')
          }
          expanded={open === 'sleep'}
          controls={panelId}
          onClick={() => toggle('sleep')}
          active={audio.sleepTimer !== null}
          testId="player-sleep"
        >
          <Moon aria-hidden="true" className="h-4 w-4" />
          <span className="tabular-nums">{sleepShort ?? t('sleep.off')}</span>
        </OptionButton>
        <OptionButton
          label={t('sound.button', { sound: t(`sound.${audio.backgroundSound}`) })}
          expanded={open === 'sound'}
          controls={panelId}
          onClick={() => toggle('sound')}
          testId="player-sound"
        >
          <AudioLines aria-hidden="true" className="h-4 w-4" />
          <span className="max-w-40 truncate">{t(`sound.${audio.backgroundSound}`)}</span>
        </OptionButton>
      </div>

      {open ? (
        <div id={panelId} className="mt-3 rounded-2xl border border-line bg-surface p-3 shadow-sm">
          {open === 'speed' ? (
            <Choices label={t('speed.label')}>
              {PLAYBACK_SPEEDS.map((speed) => (
                <Choice key={speed} checked={audio.speed === speed} onSelect={() => save({ speed })}>
                  {speedLabel(speed)}
                </Choice>
              ))}
            </Choices>
          ) : null}
          {open === 'sleep' ? (
            <Choices label={t('sleep.label')}>
              <Choice checked={audio.sleepTimer === null} onSelect={() => audio.setSleepTimer(null)}>
                {t('sleep.off')}
              </Choice>
              {[...SLEEP_TIMER_MINUTES, 'end' as const].map((choice) => (
                <Choice key={choice} checked={audio.sleepTimer?.choice === choice} onSelect={() => audio.setSleepTimer(choice)}>
                  {sleepChoiceLabel(choice)}
                </Choice>
              ))}
            </Choices>
          ) : null}
          {open === 'sound' ? (
            <>
              <Choices label={t('sound.label')}>
                {BACKGROUND_SOUNDS.map((sound) => (
                  <Choice key={sound} checked={audio.backgroundSound === sound} onSelect={() => save({ backgroundSound: sound })}>
                    {t(`sound.${sound}`)}
                  </Choice>
                ))}
              </Choices>
              <VolumeSlider
                label={t('sound.volume')}
                value={audio.backgroundVolume}
                disabled={audio.backgroundSound === 'none'}
                onChange={(volume) => audio.setPreferences({ backgroundVolume: volume })}
                onCommit={(volume) => save({ backgroundVolume: volume })}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function OptionButton({
  label,
  expanded,
  controls,
  onClick,
  active = false,
  testId,
  children,
}: {
  label: string;
  expanded: boolean;
  controls: string;
  onClick: () => void;
  active?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      onClick={onClick}
      data-testid={testId}
      className={`flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors ${
        expanded || active ? 'border-primary/40 bg-primary/10 text-primary' : 'border-line text-muted hover:bg-surface hover:text-ink'
      }`}
    >
      {children}
    </button>
  );
}

function Choices({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <p className="mb-2 px-1 text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

function Choice({ checked, onSelect, children }: { checked: boolean; onSelect: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={checked}
      onClick={onSelect}
      className={`min-h-11 rounded-full px-4 text-sm transition-colors ${
        checked ? 'bg-primary font-semibold text-white' : 'bg-canvas text-ink hover:bg-line'
      }`}
    >
      {children}
    </button>
  );
}

/** The bed's volume: follows the finger at once, saved when let go. */
function VolumeSlider({
  label,
  value,
  disabled,
  onChange,
  onCommit,
}: {
  label: string;
  value: number;
  disabled: boolean;
  onChange: (volume: number) => void;
  onCommit: (volume: number) => void;
}) {
  const id = useId();
  const commit = (event: { currentTarget: HTMLInputElement }) => onCommit(Number(event.currentTarget.value) / 100);
  return (
    <div className="mt-4 px-1">
      <label htmlFor={id} className="text-xs font-semibold tracking-wide text-muted uppercase">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={5}
        value={Math.round(value * 100)}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.currentTarget.value) / 100)}
        onPointerUp={commit}
        onKeyUp={commit}
        className="mt-2 w-full accent-primary disabled:opacity-40"
      />
    </div>
  );
}
