import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading carousel constants (spec sections 2, 4 and 9). */
export const CAROUSEL_SLIDES = ['welcome', 'preparing', 'moreThanApp', 'verse', 'quietTime', 'soulSpace', 'opening'] as const;
export const CAROUSEL_INTERVAL_MS = 2400;
export const CAROUSEL_TRANSITION_MS = 500;
export const CAROUSEL_MIN_SLIDES = 3;
export const CAROUSEL_FINISH_DELAY_MS = 500;

/**
 * Full-screen slides shown while an account is set up. Finishes once `complete` is true and at least
 * three slides were shown, then calls onFinish after 500 ms.
 */
export function RegistrationCarousel({ complete, onFinish }: { complete: boolean; onFinish: () => void }) {
  const { t } = useTranslation('auth');
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(1);
  const [leaving, setLeaving] = useState(false);
  const finished = useRef(false);
  const onFinishRef = useRef(onFinish);
  useEffect(() => {
    onFinishRef.current = onFinish;
  });

  useEffect(() => {
    let slideOut: ReturnType<typeof setTimeout> | undefined;
    const interval = setInterval(() => {
      setLeaving(true);
      slideOut = setTimeout(() => {
        setIndex((current) => (current + 1) % CAROUSEL_SLIDES.length);
        setShown((count) => count + 1);
        setLeaving(false);
      }, CAROUSEL_TRANSITION_MS);
    }, CAROUSEL_INTERVAL_MS);
    return () => {
      clearInterval(interval);
      if (slideOut) clearTimeout(slideOut);
    };
  }, []);

  useEffect(() => {
    if (!complete || shown < CAROUSEL_MIN_SLIDES || finished.current) return;
    finished.current = true;
    const timer = setTimeout(() => onFinishRef.current(), CAROUSEL_FINISH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [complete, shown]);

  const slide = CAROUSEL_SLIDES[index]!;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={t('carousel.label')}
      data-testid="registration-carousel"
      data-slides-shown={shown}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center overflow-hidden bg-gradient-to-b from-primary-strong to-primary px-8 text-center text-white"
    >
      <div
        aria-hidden="true"
        className="animate-breathe mb-10 h-24 w-24 rounded-full bg-gold-soft/25 shadow-[0_0_80px_rgba(243,230,204,0.45)]"
      />
      <div
        key={slide}
        aria-live="polite"
        className={`max-w-md transition-all ease-out ${leaving ? '-translate-x-10 opacity-0' : 'translate-x-0 opacity-100'}`}
        style={{ transitionDuration: `${CAROUSEL_TRANSITION_MS}ms` }}
      >
        {slide === 'verse' ? (
          <figure>
            <blockquote className="font-serif text-2xl leading-relaxed">“{t('carousel.verse.text')}”</blockquote>
            <figcaption className="mt-4 text-sm tracking-wide text-gold-soft">{t('carousel.verse.reference')}</figcaption>
          </figure>
        ) : (
          <>
            <h2 className="font-serif text-3xl">{t(`carousel.${slide}.title`)}</h2>
            <p className="mt-4 text-lg text-white/85">{t(`carousel.${slide}.body`)}</p>
          </>
        )}
      </div>
      <div className="absolute bottom-14 flex gap-2" aria-hidden="true">
        {CAROUSEL_SLIDES.map((name, dot) => (
          <span key={name} className={`h-1.5 rounded-full transition-all ${dot === index ? 'w-6 bg-gold-soft' : 'w-1.5 bg-white/40'}`} />
        ))}
      </div>
    </div>
  );
}
