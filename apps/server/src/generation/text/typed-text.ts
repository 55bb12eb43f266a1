/**
 * What a person typed, made speakable before the writer weaves it in (issue 19, item 5): links and email
 * addresses left out, shouting lowered, letters held for emphasis shortened, and chat shorthand written out in the
 * person's language. Emoji, markup and brackets are the composer's sanitizeForVoice's, which runs after this.
 */
import type { Language } from '@selah/domain/languages';

const LINK = /\b(?:https?:\/\/|www\.)[^\s]+/giu;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/gu;
/** A bare address like acme.com or acme.com/page (words and dots, a common ending). */
const BARE_DOMAIN = /\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.(?:com|org|net|io|app|pl|es|mx|ar|co|uk|de|info|me)\b(?:\/[^\s]*)?/giu;

/**
 * Shorthand written out, whole words only, case-insensitive; only forms that are not also words of the language
 * (so "u" but not "r" or "x", which are too often letters or names).
 */
const SHORTHAND: Record<Language, Record<string, string>> = {
  en: {
    u: 'you',
    ur: 'your',
    pls: 'please',
    plz: 'please',
    thx: 'thanks',
    thnx: 'thanks',
    ty: 'thank you',
    bc: 'because',
    bcuz: 'because',
    cuz: 'because',
    idk: "I don't know",
    tbh: 'to be honest',
    imo: 'in my opinion',
    gonna: 'going to',
    wanna: 'want to',
    gotta: 'got to',
    '2day': 'today',
    tmrw: 'tomorrow',
    '2morrow': 'tomorrow',
    b4: 'before',
    ppl: 'people',
    bf: 'boyfriend',
    gf: 'girlfriend',
    bday: 'birthday',
    im: "I'm",
    ive: "I've",
    dont: "don't",
    cant: "can't",
    wont: "won't",
    doesnt: "doesn't",
    didnt: "didn't",
    isnt: "isn't",
    'w/': 'with',
    'w/o': 'without',
    abt: 'about',
    rn: 'right now',
    asap: 'as soon as possible',
  },
  es: {
    q: 'que',
    k: 'que',
    xq: 'porque',
    pq: 'porque',
    porq: 'porque',
    tb: 'también',
    tmb: 'también',
    tmbn: 'también',
    pls: 'por favor',
    plis: 'por favor',
    porfa: 'por favor',
    bn: 'bien',
    mñn: 'mañana',
    xfa: 'por favor',
    dnd: 'donde',
    tqm: 'te quiero mucho',
    hno: 'hermano',
    hna: 'hermana',
    msj: 'mensaje',
  },
  pl: {
    pls: 'proszę',
    plz: 'proszę',
    prosze: 'proszę',
    nwm: 'nie wiem',
    wgl: 'w ogóle',
    tzn: 'to znaczy',
    np: 'na przykład',
    itd: 'i tak dalej',
    itp: 'i tym podobne',
    dzk: 'dziękuję',
    dzieki: 'dzięki',
    bd: 'będzie',
    cb: 'ciebie',
  },
};

const AND: Record<Language, string> = { en: 'and', es: 'y', pl: 'i' };

/**
 * Laughter and chat asides, in any of our languages, left out: a voice reading "lol", "xd" or "jajaja" aloud in a
 * prayer is jarring ("lol", "lmao", "rofl", "jk", "xd", "haha", "hehe", "jaja", "jeje").
 */
const LAUGHTER =
  /(?<![\p{L}\p{N}])(?:l+o+l+|lmf?ao+|rofl|jk|x+d+|(?:h+a+){2,}h*|(?:h+e+){2,}h*|(?:j+a+){2,}j*|(?:j+e+){2,}j*)(?![\p{L}\p{N}])/giu;
/** Emoticons: ":)", ";-(", ":D", ":P", "=)", "<3", "^^", "^_^". */
const EMOTICON = /(?<!\S)(?:[:;=][-']?[()DPpOo3/\\|*[\]]+|<3+|\^_?\^)(?!\S)/gu;

/** A word in capitals this long is emphasis, not an acronym (USA, NATO stay as typed). */
const EMPHASIS_MIN = 5;

function lowerShouting(text: string): string {
  const letters = text.match(/\p{L}/gu) ?? [];
  const upper = letters.filter((letter) => letter !== letter.toLowerCase() && letter === letter.toUpperCase()).length;
  // Mostly capitals: the whole text was shouted; lower it and let sentences start with a capital again.
  if (letters.length >= 8 && upper / letters.length > 0.6) {
    return text.toLowerCase().replace(/(^|[.?!…]\s+)(\p{L})/gu, (_match, start: string, first: string) => `${start}${first.toUpperCase()}`);
  }
  // A long word in capitals among others: emphasis, not an acronym.
  // Whole words only: \b knows ASCII letters only, so the edges are any letter or digit (Ę, Ł, Ñ too).
  const emphasis = new RegExp(`(?<![\\p{L}\\p{N}])\\p{Lu}{${EMPHASIS_MIN},}(?![\\p{L}\\p{N}])`, 'gu');
  return text.replace(emphasis, (word) => word.charAt(0) + word.slice(1).toLowerCase());
}

/** Makes typed text speakable in `language`; see the module comment. Never lengthens a text without letters. */
export function speakableTypedText(input: string, language: Language): string {
  let text = input
    .normalize('NFC')
    .replace(LINK, ' ')
    .replace(EMAIL, ' ')
    // A bare address is said by its name: "Acme.com" -> "Acme".
    .replace(BARE_DOMAIN, (address) => address.split('.')[0]!)
    // Letters held for emphasis: "pleeeease", "soooo" (three or more of one letter).
    .replace(/(\p{L})\1{2,}/gu, '$1')
    // A word typed over and over ("help help help help ..."): said once.
    .replace(/(?<![\p{L}\p{N}])(\p{L}+)(?:[\s,.!?]+\1(?![\p{L}\p{N}])){3,}/giu, '$1')
    .replace(LAUGHTER, ' ')
    .replace(EMOTICON, ' ')
    .replace(/\s&\s/g, ` ${AND[language]} `)
    .replace(/\s\+\s/g, ` ${AND[language]} `);
  text = lowerShouting(text);
  const shorthand = SHORTHAND[language];
  text = text.replace(/(^|[\s,.;:!?¡¿"“(])([\p{L}\p{N}/']+)(?=$|[\s,.;:!?"”)])/gu, (match, before: string, word: string) => {
    const spelled = shorthand[word.toLowerCase()];
    // Two capitals are an acronym ("an RN", "the ER"), not chat shorthand ("rn" is "right now").
    if (spelled === undefined || /^\p{Lu}{2}$/u.test(word)) return match;
    // Shorthand typed with a capital keeps it ("Pls pray" -> "Please pray").
    const capital = word.charAt(0) !== word.charAt(0).toLowerCase();
    return `${before}${capital ? spelled.charAt(0).toUpperCase() + spelled.slice(1) : spelled}`;
  });
  // What was left out leaves no gap before punctuation ("ni la mitad lol." -> "ni la mitad.").
  return text
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:?!…])/g, '$1')
    .replace(/,(?=[,.;:?!…])/g, '')
    .trim();
}

/** A request to others to pray, at the start of a text: its verb is left out, its "for ..." kept. */
const ASKS_PRAYER_AT_START: Record<Language, RegExp> = {
  en: /^(?:please\s+|pls\s+|plz\s+)?(?:(?:can|could|would)\s+you\s+(?:all\s+)?)?(?:please\s+)?(?:pray|say\s+a\s+prayer)\s+(?=for\s)/iu,
  es: /^(?:por\s+favor,?\s+)?(?:or(?:en|e|a)|rec(?:en|e|a)|pid(?:an|a))\s+(?:(?:a\s+dios|al\s+señor)\s+)?(?=por\s)/iu,
  pl: /^(?:(?:bardzo\s+)?proszę\s+o\s+modlitwę|(?:po)?módlcie\s+się|(?:po)?módl\s+się)\s+(?=(?:za|o|w\s+intencji)\s)/iu,
};
/** The same at the end of a text ("..., please pray", "oren por favor", "proszę o modlitwę"): left out whole. */
const ASKS_PRAYER_AT_END: Record<Language, RegExp> = {
  // Never one's own "I pray" or "we pray": only a request ("please pray", ", pray for us", "prayers needed").
  en: /(?:[\s,.;:!-]*(?:please\s+pray(?:\s+for\s+(?:us|me|him|her|them))?|prayers\s+(?:please|needed|appreciated))|\s*[,.;:!-]+\s*pray(?:\s+for\s+(?:us|me|him|her|them))?(?:\s+please)?)[\s.!]*$/iu,
  es: /[\s,.;:!-]*(?:por\s+favor\s+)?(?:oren|recen)(?:\s+por\s+(?:mí|mi|nosotros|ella|él|el))?(?:,?\s*por\s+favor)?[\s.!]*$/iu,
  pl: /[\s,.;:!-]*(?:(?:bardzo\s+)?proszę\s+o\s+modlitwę|(?:po)?módlcie\s+się(?:\s+za\s+(?:nas|mnie|niego|nią|nich))?)[\s.!]*$/iu,
};
/**
 * God spoken of as another, not spoken to ("thank God", "God is good", "a Dios", "que Dios exista", "Bogu",
 * "Boga", "Bóg"): the vocatives ("God, help me", "Dios mío", "Boże") are not.
 */
const GOD_IN_THE_THIRD_PERSON: Record<Language, RegExp> = {
  en: /(?<![\p{L}])(?:(?:thank|thanks|praise|trust|trusting|ask|asked|asking|believe\s+in|pray\s+to|praying\s+to|prayed\s+to|know|love|serve|bless)\s+(?:god|the\s+lord)(?![\p{L}])|(?:god|the\s+lord)\s+(?:is|was|has|had|will|would|can|could|knows|loves|gave|let|lets|does|did|doesn't|isn't|exists|hears|heard|answered|wants|said)(?![\p{L}])|god's(?![\p{L}]))/iu,
  es: /(?<![\p{L}])(?:(?:a|de|que|en|con|por|sin|y)\s+dios(?!\s+mío)(?![\p{L}])|dios\s+(?:es|existe|exista|me|nos|le|lo|la|sabe|quiera|mediante|está|esté|hará|haga|tiene|permite|no)(?![\p{L}]))/iu,
  pl: /(?<![\p{L}])(?:bog(?:a|u|iem)|bóg|bogu|boga)(?![\p{L}])/iu,
};

/**
 * A typed text as it can be said to God inside a prayer: a request to others to pray is said without its request
 * ("please pray for my grandson Tyler, he's 19" -> "for my grandson Tyler, he's 19"); a text that speaks of God in
 * the third person ("I just want to thank God for every year", "dudo que Dios exista", "Dziękuję Bogu") is not
 * said at all (null): read to Him, it would speak of Him as of someone else.
 */
export function sayableToGod(text: string, language: Language): string | null {
  const withoutStart = text.trim().replace(ASKS_PRAYER_AT_START[language], '');
  let said = withoutStart.replace(ASKS_PRAYER_AT_END[language], '').trim();
  // What ended on the request ends as a sentence again.
  if (said !== withoutStart.trim() && said !== '' && !/[.?!…]$/u.test(said)) said = `${said}.`;
  if (GOD_IN_THE_THIRD_PERSON[language].test(said)) return null;
  return said;
}
