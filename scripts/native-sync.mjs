// `npm run native:sync`: builds the shell's copy of the web app (apps/web/dist-native, `vite build --mode
// native`, talking to VITE_SERVER_URL) and runs `npx cap sync`, which copies it into the iOS and Android
// projects and brings their plugin lists up to date. Then it checks that both projects hold the build and every
// plugin, and says plainly what this machine cannot do (build the apps needs Xcode on a Mac, or an Android SDK).
// CI runs it (.ci/run); README "On phones" says how to build and run the apps.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const run = (command, args, options = {}) => execFileSync(command, args, { stdio: 'inherit', ...options });
const has = (command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const server = process.env.VITE_SERVER_URL ?? '';
if (!/^https:\/\/[^/]+$/.test(server)) {
  console.log(
    server === ''
      ? "== VITE_SERVER_URL is not set: the shell is built without a server (it shows the connection error). Set it to the server's https address for a real build."
      : `== VITE_SERVER_URL=${server} is not an https origin (https://host, no path): the shell will not reach it from a phone.`,
  );
}

console.log('== building the web app for the shell (apps/web/dist-native)');
run('npx', ['vite', 'build', '--mode', 'native', '--logLevel', 'warn'], { cwd: web });

console.log('== npx cap sync');
run('npx', ['cap', 'sync'], { cwd: web });

// What the projects must now hold: the build, the configuration, and each plugin of package.json.
const webPackage = JSON.parse(readFileSync(path.join(web, 'package.json'), 'utf8'));
const plugins = Object.keys(webPackage.dependencies).filter((name) => {
  if (['@capacitor/core', '@capacitor/android', '@capacitor/ios'].includes(name)) return false;
  const manifest = path.join(root, 'node_modules', name, 'package.json');
  return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).capacitor !== undefined;
});
const problems = [];
const mustHold = (file, what) => {
  if (!existsSync(path.join(web, file))) problems.push(`${file} is missing (${what})`);
};
mustHold('android/app/src/main/assets/public/index.html', 'the web build in the Android project');
mustHold('android/app/src/main/assets/capacitor.config.json', "the shell's configuration for Android");
mustHold('ios/App/App/public/index.html', 'the web build in the iOS project');
mustHold('ios/App/App/capacitor.config.json', "the shell's configuration for iOS");
const androidPlugins = readFileSync(path.join(web, 'android/app/src/main/assets/capacitor.plugins.json'), 'utf8');
const androidGradle = readFileSync(path.join(web, 'android/capacitor.settings.gradle'), 'utf8');
const iosPackage = readFileSync(path.join(web, 'ios/App/CapApp-SPM/Package.swift'), 'utf8');
for (const plugin of plugins) {
  if (!androidGradle.includes(`node_modules/${plugin}/android`)) problems.push(`${plugin} is not in the Android project`);
  if (!iosPackage.includes(`node_modules/${plugin}"`)) problems.push(`${plugin} is not in the iOS project (Swift Package Manager)`);
}
if (problems.length > 0) {
  console.error(`native:sync: the native projects are incomplete:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `== both projects hold the build and ${plugins.length} plugins (${plugins.join(', ')}); ${JSON.parse(androidPlugins).length} on Android`,
);

// Building the apps: only where the tools are.
if (process.platform === 'darwin' && has('xcodebuild')) {
  console.log('== Xcode is here: build the iOS app with `npx cap run ios` or open apps/web/ios/App/App.xcodeproj');
} else {
  console.log('== skipped: building the iOS app needs Xcode on a Mac (open apps/web/ios/App/App.xcodeproj there)');
}
if (process.env.ANDROID_HOME || process.env.ANDROID_SDK_ROOT) {
  console.log('== building the Android app (debug) with Gradle');
  run(process.platform === 'win32' ? 'gradlew.bat' : './gradlew', ['assembleDebug', '--quiet'], { cwd: path.join(web, 'android') });
} else {
  console.log('== skipped: building the Android app needs an Android SDK (ANDROID_HOME); the Gradle project is synced');
}
