import type { PlayerTrack } from '@selah/domain/player';
import { isSameTrack, useAudio } from '../../lib/audio';
import { AudioTime, PlayPauseButton, SeekBar, SkipButton } from '../AudioControls';

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

  const Panel = label === undefined ? 'div' : 'section';
  return (
    <Panel aria-label={label} className="rounded-3xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex items-center justify-center gap-6">
        <SkipButton direction="back" disabled={!loaded} onSkip={audio.skip} onSurface />
        <PlayPauseButton isPlaying={isPlaying} isLoading={isLoading} onClick={onPlayPause} />
        <SkipButton direction="forward" disabled={!loaded} onSkip={audio.skip} onSurface />
      </div>
      <SeekBar currentTime={currentTime} duration={duration} disabled={!loaded} onSeek={audio.seek} className="mt-5" />
      <AudioTime testId={timeTestId} currentTime={currentTime} duration={duration} className="mt-1" />
    </Panel>
  );
}
