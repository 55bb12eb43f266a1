// The personalized feature's public entry for screens: the dashboard's Personalized Journeys section (its data
// entry is data.ts).
export { PersonalizedJourneysSection } from './PersonalizedJourneysSection';
