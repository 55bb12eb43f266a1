import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The iOS and Android shell around the web build (decision 024). The app's files are bundled into the app and
 * served by the shell at capacitor://localhost (iOS) and https://localhost (Android): the server's
 * NATIVE_ORIGINS. The app talks to the server at VITE_SERVER_URL, set when the web build is made
 * (`npm run native:sync`, README "On phones").
 */
const config: CapacitorConfig = {
  appId: 'app.selah.prayer',
  appName: 'Selah',
  webDir: 'dist-native',
  backgroundColor: '#f6f2ea',
  server: {
    // The defaults, written out: the server's CORS and NATIVE_ORIGINS name exactly these.
    hostname: 'localhost',
    iosScheme: 'capacitor',
    androidScheme: 'https',
  },
  ios: {
    // The page draws its own safe areas (viewport-fit=cover in index.html).
    contentInset: 'never',
  },
  android: {
    // The app is served over https://localhost and talks to an https server only.
    allowMixedContent: false,
  },
  plugins: {
    SplashScreen: {
      // The app hides the native splash once its own (the same picture) is painted: platform/app-start.ts.
      launchAutoHide: false,
      backgroundColor: '#f6f2ea',
      showSpinner: false,
      androidScaleType: 'CENTER_CROP',
    },
    StatusBar: {
      // Dark text on the app's light canvas, beside the content rather than over it.
      overlaysWebView: false,
      style: 'LIGHT',
      backgroundColor: '#f6f2ea',
    },
  },
};

export default config;
