// Text on a card: cut to fit, counted in words.

/** Cuts a line to what fits a card (about 7.5 px a character at 13 px). */
export function clip(text: string, width: number, charWidth = 7.5): string {
  const room = Math.max(4, Math.floor((width - 24) / charWidth));
  return text.length > room ? text.slice(0, room - 1) + '…' : text;
}

export function plural(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}
