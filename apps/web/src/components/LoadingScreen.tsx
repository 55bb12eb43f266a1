/**
 * The calm full-screen wait: a breathing light and the name. No text to translate, so it can show before translations load.
 * index.html paints the same splash before any script runs; keep the two alike.
 */
export function LoadingScreen() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Selah"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-canvas"
    >
      <div className="animate-breathe flex h-20 w-20 items-center justify-center rounded-full bg-gold-soft shadow-[0_0_60px_rgba(184,137,58,0.35)]">
        <div className="h-10 w-10 rounded-full bg-gold/80" />
      </div>
      <p className="font-serif text-5xl tracking-[0.3em] text-primary">SELAH</p>
    </div>
  );
}
