// The font the exports draw with: Noto Sans (SIL Open Font License 1.1) as TTF from the
// @expo-google-fonts/noto-sans package, so a PNG or PDF looks the same on every server. It covers
// Latin, Greek, Cyrillic and Vietnamese; a character it lacks (CJK, emoji) is drawn as the font's
// missing-glyph box in the PDF and left out of the PNG, never taken from whatever the machine has.
import 'server-only';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/600SemiBold/NotoSans_600SemiBold.ttf',
} as const;

let resolved: { regular: string; bold: string } | undefined;

/** The font files' paths, resolved from the app's own node_modules (not bundled: Next leaves data files alone). */
export function chartFontFiles(): { regular: string; bold: string } {
  if (!resolved) {
    const from = createRequire(join(process.cwd(), 'package.json'));
    resolved = { regular: from.resolve(FILES.regular), bold: from.resolve(FILES.bold) };
  }
  return resolved;
}
