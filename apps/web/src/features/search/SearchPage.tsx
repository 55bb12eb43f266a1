import { CircleAlert, Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { SearchResult } from '@selah/domain/records';
import { Button } from '../../components/Button';
import { CreateCard } from '../../components/CreateCard';
import { CardSkeleton, PrayerCard } from '../../components/PrayerCard';
import { Spinner } from '../../components/Spinner';
import { useAudioControls } from '../../lib/audio';
import { useDurations } from '../../lib/durations';
import { useRecordLabels } from '../../lib/labels';
import { searchTrack } from '../../lib/tracks';
import { useSearchPrayers } from './api/search-prayers';

/** Typing settles for this long before the query is sent (and written to the URL). */
export const SEARCH_DEBOUNCE_MS = 250;

/** /search: own completed prayers and default prayers (spec section 5); the query lives in ?q= so back and refresh keep it. */
export default function SearchPage() {
  const { t, i18n } = useTranslation(['library', 'common']);
  const language = i18n.resolvedLanguage ?? 'en';
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const query = urlQuery.trim();
  const [input, setInput] = useState(urlQuery);

  // Back and forward change ?q= under us: show that query in the box.
  const [shownUrlQuery, setShownUrlQuery] = useState(urlQuery);
  if (urlQuery !== shownUrlQuery) {
    setShownUrlQuery(urlQuery);
    if (urlQuery.trim() !== input.trim()) setInput(urlQuery);
  }

  const typed = input.trim();
  useEffect(() => {
    if (typed === query) return;
    const apply = () => setParams(typed ? { q: typed } : {}, { replace: true });
    // An empty box clears the results at once; words wait until typing settles.
    if (typed === '') {
      apply();
      return;
    }
    const timer = setTimeout(apply, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, query, setParams]);

  const search = useSearchPrayers(query, language);
  const settling = typed !== query;
  const searching = typed !== '' && (settling || search.isFetching);
  // keepPreviousData also keeps results for an emptied box: an empty query shows no results.
  const data = query === '' ? undefined : search.data;
  const stale = settling || search.isPlaceholderData;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (settling) setParams(typed ? { q: typed } : {}, { replace: true });
  };

  const inputId = useId();
  const createCard = <CreateCard to="/quiz" title={t('common:dashboard.createTitle')} body={t('common:dashboard.createBody')} />;
  let content: ReactNode;
  if (typed === '') {
    content = <Message icon={<Search className="h-8 w-8" />} title={t('search.start')} body={t('search.startHint')} />;
  } else if (!data) {
    content =
      search.isError && !searching ? (
        <div role="alert" className="col-span-full flex flex-col items-center gap-4 px-6 py-10 text-center">
          <CircleAlert aria-hidden="true" className="h-8 w-8 text-danger" />
          <p className="text-ink">{t('search.failed')}</p>
          <Button variant="secondary" onClick={() => void search.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : (
        [0, 1, 2].map((key) => <CardSkeleton key={key} />)
      );
  } else if (data.results.length === 0) {
    content = stale ? null : (
      <>
        <Message
          icon={<Search className="h-8 w-8" />}
          title={t('search.noResults', { query: data.query })}
          body={t('search.noResultsHint')}
        />
        <div className="col-span-full flex justify-center">{createCard}</div>
      </>
    );
  } else {
    content = (
      <>
        <Results results={data.results} stale={stale} />
        {createCard}
      </>
    );
  }

  return (
    <main>
      {/* One grid for the header and the cards, so the search box lines up with the first column. */}
      <div className="mx-auto grid max-w-6xl grid-cols-1 justify-items-center gap-5 px-5 pb-6 sm:grid-cols-[repeat(auto-fill,280px)] sm:justify-center">
        <div className="col-span-full w-full">
          <h1 className="pt-8 pb-4 font-serif text-3xl text-ink">{t('search.title')}</h1>
          <form role="search" onSubmit={onSubmit} className="relative max-w-xl">
            <label htmlFor={inputId} className="sr-only">
              {t('search.label')}
            </label>
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-muted" />
            <input
              id={inputId}
              type="search"
              // The page exists to search: the box takes focus at once.
              autoFocus
              enterKeyHint="search"
              autoComplete="off"
              maxLength={100}
              value={input}
              onChange={(event) => setInput(event.target.value)}
              placeholder={t('search.placeholder')}
              className="h-14 w-full rounded-2xl border border-line bg-surface pr-4 pl-12 text-base text-ink shadow-sm placeholder:text-muted focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            />
          </form>
          <p role="status" className="flex min-h-8 items-center gap-2 pt-3 text-sm text-muted">
            {searching ? (
              <>
                <Spinner className="h-4 w-4 text-primary" />
                {t('search.searching')}
              </>
            ) : data && data.results.length > 0 ? (
              t('search.results', { count: data.results.length })
            ) : null}
          </p>
        </div>
        {content}
      </div>
    </main>
  );
}

function Message({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <div className="col-span-full flex max-w-md flex-col items-center px-6 py-8 text-center">
      <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-gold-soft text-gold">
        {icon}
      </span>
      <h2 className="mt-5 font-serif text-xl text-ink">{title}</h2>
      <p className="mt-2 text-muted">{body}</p>
    </div>
  );
}

function Results({ results, stale }: { results: SearchResult[]; stale: boolean }) {
  const { t } = useTranslation(['library', 'common']);
  const labels = useRecordLabels();
  const durations = useDurations();
  const navigate = useNavigate();
  const audio = useAudioControls();
  return (
    <>
      {results.map((result) => {
        const track = searchTrack(result);
        const duration = durations.duration(result.duration);
        return (
          <PrayerCard
            key={`${result.isDefault ? 'default' : 'own'}-${result.id}`}
            title={result.title}
            preference={result.preference}
            label={labels.preference(result.preference)}
            meta={result.isDefault ? duration : `${duration} · ${t('search.yours')}`}
            playLabel={t('common:card.play')}
            className={`transition-opacity ${stale ? 'opacity-60' : ''}`}
            onOpen={() => {
              audio.open(track);
              void navigate('/player', { state: track });
            }}
          />
        );
      })}
    </>
  );
}
