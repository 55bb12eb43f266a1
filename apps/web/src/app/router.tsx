import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { prefetchDashboard } from '../features/dashboard/prefetch';
import { prefetchWithWarmCards } from '../lib/warm-audio';
import { AppShell, BareLayout } from './AppShell';
import { ErrorScreen } from './ErrorScreen';
import { RequireAuth } from './RequireAuth';

type PageModule = Promise<{ default: () => ReactNode }>;

/** A lazily loaded page; `guarded` pages need a signed-in user (spec section 5). */
function page(path: string, load: () => PageModule, guarded = false): RouteObject {
  return {
    path,
    lazy: async () => {
      const { default: Page } = await load();
      return {
        Component: guarded
          ? () => (
              <RequireAuth>
                <Page />
              </RequireAuth>
            )
          : Page,
      };
    },
  };
}

const personalizedPlan = () => import('../features/personalized/PersonalizedPlanPage');
const playerPage = () => import('../features/player/PlayerPage');
// A tap on a card opens the player: its code comes ahead, with the first card's audio (lib/warm-audio.ts).
prefetchWithWarmCards(playerPage);

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    children: [
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      {
        element: <BareLayout />,
        children: [
          page('/login', () => import('../features/auth/LoginPage')),
          page('/registerpage', () => import('../features/auth/RegisterPage')),
          page('/reset-password', () => import('../features/auth/ResetPasswordPage')),
          page('/player', playerPage),
        ],
      },
      {
        element: <AppShell />,
        children: [
          page('/dashboard', () => import('../features/dashboard/DashboardPage')),
          page('/userprofile', () => import('../features/profile/ProfilePage'), true),
          page('/account-settings', () => import('../features/profile/AccountSettingsPage'), true),
          page('/security', () => import('../features/profile/SecurityPage'), true),
          page('/library', () => import('../features/library/LibraryPage'), true),
          page('/search', () => import('../features/search/SearchPage'), true),
          page('/quiz', () => import('../features/create/QuizPage'), true),
          page('/statistics', () => import('../features/create/StatisticsPage'), true),
          page('/goals', () => import('../features/profile/GoalsPage'), true),
          page('/subscription', () => import('../features/subscription/SubscriptionPage'), true),
          page('/paywall', () => import('../features/create/PaywallPage')),
          page('/category', () => import('../features/category/CategoryPage')),
          page('/journey-plan/:journeyId', () => import('../features/journeys/JourneyPlanPage')),
          page('/journey-day/:journeyId/:dayId', () => import('../features/journeys/JourneyDayPage')),
          // Personalized journeys (spec section 2); the type defaults to ancestors.
          { path: '/personalized-journey', element: <Navigate to="/personalized-journey/ancestors" replace /> },
          page('/personalized-journey/plan/:journeyId', personalizedPlan, true),
          page('/personalized-journey/:journeyType', () => import('../features/personalized/PersonalizedQuizPage'), true),
          page('/personalized-journey/:journeyType/loading', () => import('../features/personalized/PersonalizedLoadingPage'), true),
          page('/personalized-journey/:journeyType/plan/:journeyId', personalizedPlan, true),
          page(
            '/personalized-journey/:journeyType/day/:journeyId/:dayId',
            () => import('../features/personalized/PersonalizedDayPage'),
            true,
          ),
          page('*', () => import('../features/placeholder/NotFoundPage')),
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, made on first use. main.tsx makes it in a task of its own, after this module has evaluated:
 * making it matches the location and starts loading the page, and with the evaluation in one task it held a
 * phone's main thread for a fifth of a second.
 */
export function appRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}

/** Starts fetching the data of the screen the app opens on, while its splash is up (only the home screen has any). */
export function prefetchFirstScreen(context: Parameters<typeof prefetchDashboard>[0]) {
  const { pathname } = appRouter().state.location;
  if (pathname === '/' || pathname === '/dashboard') prefetchDashboard(context);
}
